/**
 * The fixed lists the video world is made of. Ten topics give channels their names (`head tail`,
 * 6 × 5 a topic, so the first 300 channels' names are all different), titles (a template around a
 * subject), hashtags, transcripts' sentences, playlists, posts and store products; home's filters
 * are the topics' labels.
 */

export interface Topic {
  label: string;
  heads: readonly string[];
  tails: readonly string[];
  /** `{}` stands for a subject. */
  templates: readonly string[];
  subjects: readonly string[];
  tags: readonly string[];
  lines: readonly string[];
  playlists: readonly string[];
  posts: readonly string[];
  products: ReadonlyArray<readonly [string, number]>;
}

export const TOPICS: readonly Topic[] = [
  { label: 'Cooking', heads: ['Northwind', 'Copper Pot', 'Sunday', 'Little', 'Saffron', 'Hearth'], tails: ['Kitchen', 'Cooking', 'Eats', 'Table', 'Recipes'],
    templates: ['How to make {}', 'The best {} I have ever made', '{} in 20 minutes', 'Easy {} for beginners', 'I cooked {} for a week', 'Restaurant-style {} at home'],
    subjects: ['sourdough bread', 'ramen', 'pasta carbonara', 'chicken curry', 'tacos', 'pizza dough', 'fried rice', 'lasagna', 'pancakes', 'dumplings'],
    tags: ['cooking', 'recipe', 'homecooking', 'easyrecipes', 'foodie'],
    lines: ['Start with a hot pan and a little oil.', 'Season as you go, not only at the end.', 'Let the dough rest for at least an hour.', 'Taste it now and adjust the salt.', 'This step is where most people rush.', 'You can prepare this part a day ahead.'],
    playlists: ['Weeknight cooking', 'Baking basics', 'Street food at home', 'Cooking for two', 'Holiday recipes'],
    posts: ['What should I cook next week? Vote below.', 'The full recipe is finally on the website.', 'Behind the scenes of today\'s shoot.'],
    products: [['Chef\'s apron', 28], ['Recipe book', 32], ['Wooden spoon set', 18], ['Spice blend', 12]] },
  { label: 'Travel', heads: ['Wander', 'Far Trail', 'Nomad', 'Compass', 'Backroads', 'Open Road'], tails: ['Travels', 'Journeys', 'Abroad', 'Diaries', 'Explorer'],
    templates: ['48 hours in {}', '{} travel guide', 'Is {} worth visiting?', 'Backpacking {} on a budget', 'What nobody tells you about {}', 'First time in {}'],
    subjects: ['Lisbon', 'Tokyo', 'Iceland', 'Mexico City', 'Morocco', 'the Alps', 'Vietnam', 'Patagonia', 'Istanbul', 'New Zealand'],
    tags: ['travel', 'travelvlog', 'backpacking', 'traveltips', 'wanderlust'],
    lines: ['We took the night train to save a hotel night.', 'The old town is best before nine in the morning.', 'Buy a transit card as soon as you land.', 'This view alone was worth the climb.', 'Street food here costs almost nothing.', 'Pack lighter than you think you need.'],
    playlists: ['Europe by train', 'Asia on a budget', 'Road trips', 'City guides', 'Hiking trips'],
    posts: ['Where should we go next? Leave a comment.', 'New video from the mountains tomorrow.', 'Thank you for 100 videos on the road.'],
    products: [['Travel journal', 22], ['Packing cubes', 35], ['Map poster', 25], ['Sticker pack', 8]] },
  { label: 'Music', heads: ['Echo', 'Velvet', 'Paper Moon', 'Lowkey', 'Neon', 'Silver'], tails: ['Sounds', 'Music', 'Sessions', 'Records', 'Beats'],
    templates: ['{} (official video)', '{} live session', 'How I wrote {}', '{} acoustic cover', 'Learn {} on guitar', '{} lyric video'],
    subjects: ['Golden Hour', 'Midnight Drive', 'Paper Skies', 'Electric Hearts', 'Summer Rooms', 'Quiet Rivers', 'Neon Letters', 'Cold Tides', 'Lucky Streets', 'Endless Sundays'],
    tags: ['music', 'newmusic', 'livemusic', 'acoustic', 'songwriter'],
    lines: ['This one is about leaving home.', 'Play it in a lower key if you sing along.', 'The chorus came to me on the bus.', 'Here is the chord change everyone asks about.', 'We recorded it in one take.', 'Thanks to the band for this arrangement.'],
    playlists: ['Live sessions', 'Covers', 'Official videos', 'Guitar lessons', 'Songwriting'],
    posts: ['The new single is out on Friday.', 'Tour dates are up, see you there.', 'Which song should we play live next?'],
    products: [['Tour T-shirt', 30], ['Vinyl record', 34], ['Hoodie', 55], ['Poster', 15]] },
  { label: 'Gaming', heads: ['Pixel', 'Respawn', 'Combo', 'Loot', 'Critical', 'Arcade'], tails: ['Gaming', 'Plays', 'Games', 'Arena', 'Quest'],
    templates: ['{} full walkthrough', '{} speedrun', 'I played {} for 100 hours', '{} tips for beginners', 'Every secret in {}', '{} review'],
    subjects: ['Elden Ring', 'Minecraft', 'Hollow Knight', 'Stardew Valley', 'Zelda', 'Celeste', 'Hades', 'Portal 2', 'Terraria', 'Skyrim'],
    tags: ['gaming', 'gameplay', 'speedrun', 'letsplay', 'videogames'],
    lines: ['Go left here, the right path is a trap.', 'This boss has two phases, save your potions.', 'The secret door is behind the waterfall.', 'I died so many times on this part.', 'Upgrade your weapon before the bridge.', 'This trick saves about four seconds.'],
    playlists: ['Full playthroughs', 'Speedruns', 'Boss guides', 'Cozy games', 'Reviews'],
    posts: ['Stream tonight at eight, bring snacks.', 'Which game should I play next?', 'New personal best, video soon.'],
    products: [['Mouse pad', 20], ['Gaming hoodie', 50], ['Enamel pin', 10], ['Mug', 16]] },
  { label: 'Tech', heads: ['Byte', 'Circuit', 'Silicon', 'Gadget', 'Kernel', 'Signal'], tails: ['Tech', 'Reviews', 'Labs', 'Explained', 'Unboxed'],
    templates: ['{} review', '{} explained in 10 minutes', 'Is {} worth it?', 'I built {} from scratch', 'Everything wrong with {}', '{} setup guide'],
    subjects: ['a home server', 'mechanical keyboards', 'the new phone', 'a budget laptop', 'smart home hubs', 'noise-cancelling headphones', 'a gaming PC', 'e-readers', 'a 3D printer', 'password managers'],
    tags: ['tech', 'review', 'unboxing', 'gadgets', 'techtips'],
    lines: ['Battery life is where it really shines.', 'The build quality feels solid in the hand.', 'Here is the benchmark everyone asked for.', 'Setup took about ten minutes.', 'The software still needs some work.', 'For the price, it is hard to beat.'],
    playlists: ['Reviews', 'Build guides', 'Desk setups', 'Explainers', 'Buying guides'],
    posts: ['What should I review next?', 'Giveaway winners announced below.', 'My desk setup for this year.'],
    products: [['Cable organiser', 14], ['Desk mat', 29], ['Logo cap', 24], ['Sticker pack', 8]] },
  { label: 'Fitness', heads: ['Iron', 'Core', 'Stride', 'Peak', 'Steady', 'Daily'], tails: ['Fitness', 'Training', 'Strength', 'Moves', 'Yoga'],
    templates: ['{} for beginners', '15-minute {} workout', 'I did {} every day for 30 days', 'The perfect {} routine', '{} mistakes to avoid', 'Full {} at home'],
    subjects: ['yoga', 'push-ups', 'running', 'core training', 'stretching', 'squats', 'pilates', 'kettlebell training', 'mobility', 'HIIT'],
    tags: ['fitness', 'workout', 'homeworkout', 'yoga', 'health'],
    lines: ['Keep your back straight and breathe out.', 'Rest thirty seconds between sets.', 'If it hurts, stop and check your form.', 'Slow down on the way back up.', 'Drink some water before the next round.', 'Consistency beats intensity every time.'],
    playlists: ['Beginner workouts', 'Yoga flows', 'Running tips', 'Stretching', '30-day challenges'],
    posts: ['New 30-day challenge starts Monday.', 'How was today\'s workout? Be honest.', 'Rest days matter too.'],
    products: [['Resistance bands', 25], ['Water bottle', 20], ['Training plan', 40], ['Yoga mat', 45]] },
  { label: 'Science', heads: ['Curious', 'Quantum', 'Orbit', 'Atlas', 'Field', 'Deep'], tails: ['Science', 'Minds', 'Lab', 'Explains', 'Academy'],
    templates: ['How {} actually works', 'The science of {}', 'Why {} matters', '{} explained simply', 'What if {} disappeared?', 'The history of {}'],
    subjects: ['black holes', 'vaccines', 'volcanoes', 'the human brain', 'quantum computers', 'climate', 'DNA', 'the Moon', 'electricity', 'ancient Rome'],
    tags: ['science', 'education', 'physics', 'history', 'learning'],
    lines: ['Scientists first measured this in the nineteenth century.', 'The numbers here are surprisingly large.', 'Let us look at a simple experiment.', 'This is where the theory gets strange.', 'The answer depends on the temperature.', 'Historians still argue about this part.'],
    playlists: ['Space', 'Physics basics', 'History', 'The human body', 'Big questions'],
    posts: ['What topic should we explain next?', 'Sources for today\'s video are below.', 'A photo from the observatory.'],
    products: [['Periodic table poster', 20], ['Star map', 25], ['Notebook', 12], ['Mug', 16]] },
  { label: 'Comedy', heads: ['Laugh', 'Sketch', 'Odd', 'Silly', 'Punchline', 'Late'], tails: ['Comedy', 'Show', 'Sketches', 'Crew', 'Bits'],
    templates: ['When {} goes wrong', '{}: a sketch', 'Every {} ever', 'If {} was honest', 'POV: {}', '{} but it escalates'],
    subjects: ['a job interview', 'group chats', 'family dinner', 'a first date', 'moving day', 'the office meeting', 'a road trip', 'customer service', 'the gym', 'online shopping'],
    tags: ['comedy', 'funny', 'sketch', 'relatable', 'standup'],
    lines: ['Okay, so picture this.', 'Nobody in the room said a word.', 'And that is when the manager walked in.', 'I was not ready for that answer.', 'We all know somebody like this.', 'It only gets worse from here.'],
    playlists: ['Sketches', 'Office life', 'Family', 'Stand-up', 'Best of'],
    posts: ['Part two is coming, we promise.', 'Caption this photo.', 'Live show tickets are on sale.'],
    products: [['Catchphrase T-shirt', 28], ['Tote bag', 18], ['Sticker pack', 8], ['Mug', 16]] },
  { label: 'DIY', heads: ['Workshop', 'Handmade', 'Fix It', 'Sawdust', 'Maker', 'Home'], tails: ['DIY', 'Builds', 'Projects', 'Crafts', 'Workshop'],
    templates: ['Building {} from scratch', 'How to fix {}', 'Cheap {} upgrade', '{} for under $50', 'Restoring {}', 'Making {} with basic tools'],
    subjects: ['a coffee table', 'a bookshelf', 'a garden bed', 'an old bike', 'a workbench', 'a leaking tap', 'kitchen cabinets', 'a wooden chair', 'a picture frame', 'a tiny house'],
    tags: ['diy', 'woodworking', 'homeimprovement', 'crafts', 'restoration'],
    lines: ['Measure twice and cut once.', 'Sand with the grain, never against it.', 'Clamp it and let the glue dry overnight.', 'Pre-drill the holes so the wood does not split.', 'A second coat makes all the difference.', 'Safety glasses on for this part.'],
    playlists: ['Furniture builds', 'Repairs', 'Garden projects', 'Restorations', 'Beginner projects'],
    posts: ['The plans for this build are now available.', 'Shop tour coming soon.', 'What should I restore next?'],
    products: [['Build plans', 15], ['Shop apron', 38], ['Pencil set', 9], ['Logo cap', 24]] },
  { label: 'Film', heads: ['Silver Screen', 'Reel', 'Cinema', 'Frame', 'Matinee', 'Director\'s'], tails: ['Films', 'Trailers', 'Studio', 'Pictures', 'Cut'],
    templates: ['{} official trailer', '{} ending explained', '{} review', 'Making of {}', '{} behind the scenes', 'Everything you missed in {}'],
    subjects: ['The Last Harbor', 'Glass Kingdom', 'Night Signal', 'Paper Tigers', 'The Long Winter', 'Red Orchard', 'Starfall', 'The Quiet Island', 'Iron Valley', 'Second Sun'],
    tags: ['movies', 'trailer', 'film', 'cinema', 'moviereview'],
    lines: ['Watch the background in this scene.', 'The director shot this in a single take.', 'This line sets up the whole ending.', 'The score changes key right here.', 'They built this set in three weeks.', 'Fans noticed this detail immediately.'],
    playlists: ['Trailers', 'Reviews', 'Ending explained', 'Behind the scenes', 'Coming soon'],
    posts: ['New trailer drops tomorrow.', 'What was your favourite film this year?', 'Premiere photos are up.'],
    products: [['Film poster', 22], ['Collector\'s edition', 60], ['T-shirt', 28], ['Pin set', 14]] },
];

export const GENERAL_TAGS: readonly string[] = ['shorts', 'vlog', 'tutorial', 'howto', 'viral', 'trending'];

/** Every hashtag of the world: the topics' then the general ones (56; the first general one marks Shorts). */
export const TAGS: readonly string[] = [...TOPICS.flatMap((topic) => topic.tags), ...GENERAL_TAGS];
export const SHORTS_TAG = TAGS.indexOf('shorts');

/** Words between a channel's name and its index, for the channels past the first 300. */
export const NAME_EXTRAS: readonly string[] = ['', '', 'TV', 'Daily', 'HQ', 'Club', 'Studio', 'World'];

export const COMMENTS: readonly string[] = [
  'This is exactly what I needed today.', 'Who else is watching this in 2026?', 'The editing keeps getting better.', 'Finally someone explains it properly.',
  'I have watched this three times now.', 'Underrated channel, honestly.', 'The part at the end got me.', 'Can you do a follow-up on this?',
  'Saving this for the weekend.', 'Great video as always!', 'I tried it and it worked.', 'The music in the background is perfect.',
];

export const REPLIES: readonly string[] = ['Same here!', 'Totally agree.', 'Haha, exactly.', 'Thank you for saying this.', 'Came here to say this.', 'This deserves more likes.', 'Good point.'];

export const COUNTRIES: readonly string[] = ['US', 'US', 'US', 'GB', 'CA', 'AU', 'DE', 'FR', 'ES', 'MX', 'BR', 'IN', 'JP', 'KR', 'NL', 'IT', 'SE', ''];

/** Caption languages a video may have (bit i of its mask), with what its transcript says in each. */
/**
 * The caption languages, each with what a video says in it: `lines` are one script, line i saying
 * the same thing in every language (a welcome, a step, a look closer, thanks, a question for the
 * comments…), and `about` introduces the video by its title. A translated track is the same cues
 * in another language (./captions.ts).
 */
export const CAPTION_LANGUAGES: ReadonlyArray<{ code: string; name: string; about: string; lines: readonly string[] }> = [
  { code: 'en', name: 'English', about: 'Today: {}.', lines: ['Welcome to a new video.', 'This step is really important.', "Let's take a closer look.", 'Thanks for watching to the end.', 'Tell me in the comments.', 'Take your time with this part.', 'Here is the result.', 'See you in the next one.'] },
  { code: 'es', name: 'Spanish', about: 'Hoy: {}.', lines: ['Bienvenidos a un nuevo vídeo.', 'Este paso es muy importante.', 'Veámoslo más de cerca.', 'Gracias por ver hasta el final.', 'Contadme en los comentarios.', 'Tomaos vuestro tiempo con esta parte.', 'Este es el resultado.', 'Nos vemos en el próximo.'] },
  { code: 'fr', name: 'French', about: "Aujourd'hui : {}.", lines: ['Bienvenue dans cette nouvelle vidéo.', 'Cette étape est très importante.', 'Regardons cela de plus près.', "Merci d'avoir regardé jusqu'au bout.", 'Dites-moi en commentaire.', 'Prenez votre temps pour cette partie.', 'Voici le résultat.', 'À la prochaine.'] },
  { code: 'de', name: 'German', about: 'Heute: {}.', lines: ['Willkommen zu einem neuen Video.', 'Dieser Schritt ist sehr wichtig.', 'Schauen wir uns das genauer an.', 'Danke fürs Zuschauen bis zum Ende.', 'Schreibt es in die Kommentare.', 'Nehmt euch für diesen Teil Zeit.', 'Hier ist das Ergebnis.', 'Bis zum nächsten Mal.'] },
  { code: 'pt', name: 'Portuguese', about: 'Hoje: {}.', lines: ['Bem-vindos a mais um vídeo.', 'Este passo é muito importante.', 'Vamos ver isso mais de perto.', 'Obrigado por assistir até o fim.', 'Contem nos comentários.', 'Vão com calma nesta parte.', 'Aqui está o resultado.', 'Até o próximo vídeo.'] },
  { code: 'ja', name: 'Japanese', about: '今日のテーマ：{}。', lines: ['新しい動画へようこそ。', 'このステップはとても大切です。', 'もっと詳しく見ていきましょう。', '最後まで見てくれてありがとう。', 'コメントで教えてください。', 'この部分はゆっくりやりましょう。', 'これが完成です。', 'また次の動画で。'] },
];

/** Where the script's lines fall: the welcome opens, thanks closes, the others fill the middle. */
export const SCRIPT = { welcome: 0, thanks: 3, middle: [1, 2, 4, 5, 6, 7] } as const;

/** What the subtitles endpoint offers to machine-translate any track into. */
export const TRANSLATION_LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  ['ar', 'Arabic'], ['zh-Hans', 'Chinese (Simplified)'], ['nl', 'Dutch'], ['en', 'English'], ['fr', 'French'], ['de', 'German'], ['hi', 'Hindi'],
  ['id', 'Indonesian'], ['it', 'Italian'], ['ja', 'Japanese'], ['ko', 'Korean'], ['pl', 'Polish'], ['pt', 'Portuguese'], ['ru', 'Russian'],
  ['es', 'Spanish'], ['sv', 'Swedish'], ['th', 'Thai'], ['tr', 'Turkish'], ['uk', 'Ukrainian'], ['vi', 'Vietnamese'],
];
