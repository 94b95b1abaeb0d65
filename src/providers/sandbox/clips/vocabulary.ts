/**
 * The fixed lists the short-video world is made of. Ten themes give the notable creators their
 * handles (`head.tail`, 15 a theme), bios, captions and five challenges each; regular users take
 * one as their interest. People's names come from the contacts world (synthetic surnames).
 */

type Five = readonly [string, string, string, string, string];
/** `lines`: caption lines. */
export interface Theme { heads: Five; tails: readonly [string, string, string]; challenges: Five; signatures: readonly string[]; lines: readonly string[] }

export const THEMES: readonly Theme[] = [
  { heads: ['mia', 'kai', 'zara', 'leo', 'nova'], tails: ['dances', 'moves', 'grooves'], challenges: ['dance', 'dancechallenge', 'choreo', 'freestyle', 'dancetutorial'],
    signatures: ['Choreo every Friday. Collabs in DMs.', 'Dancing in my kitchen since 2019.'], lines: ['Learned this one in an hour, be nice.', 'Slowed down so you can follow along.', 'The last eight counts took me all week.'] },
  { heads: ['lena', 'omar', 'june', 'theo', 'rosa'], tails: ['cooks', 'kitchen', 'eats'], challenges: ['cooking', 'recipe', 'easyrecipe', 'foodtok', 'mealprep'],
    signatures: ['Home cooking, tested twice. Recipes below.', 'Dinner in twenty minutes or less.'], lines: ['Five ingredients, ten minutes, zero stress.', 'The crispiest potatoes I have ever cooked.', 'Cooking for the whole week in one go.'] },
  { heads: ['sam', 'bea', 'max', 'ivy', 'ray'], tails: ['laughs', 'skits', 'jokes'], challenges: ['comedy', 'funny', 'skit', 'prank', 'relatable'],
    signatures: ['Sketches about offices, siblings and bad ideas.', 'Professional overthinker.'], lines: ['POV: your group chat plans a trip.', 'Every family dinner, explained.', 'Part 3 of my landlord saga.'] },
  { heads: ['mochi', 'pepper', 'waffles', 'luna', 'biscuit'], tails: ['paws', 'pup', 'pals'], challenges: ['pets', 'dogs', 'cats', 'puppy', 'petlife'],
    signatures: ['A very good dog and her tired human.', 'Two cats, zero chill.'], lines: ['She heard the treat bag from three rooms away.', 'Bath day did not go to plan.', 'Meet the newest member of the family.'] },
  { heads: ['lift', 'core', 'flex', 'stride', 'pace'], tails: ['fit', 'lifts', 'runs'], challenges: ['fitness', 'workout', 'gym', 'homeworkout', 'running'],
    signatures: ['Strength for everyday bodies.', 'Run slow, lift heavy, rest well.'], lines: ['Ten minutes, no equipment, try it.', 'Form check: save this one.', 'Long run done before sunrise.'] },
  { heads: ['glow', 'blush', 'gloss', 'dewy', 'muse'], tails: ['beauty', 'looks', 'glam'], challenges: ['makeup', 'skincare', 'grwm', 'beauty', 'nails'],
    signatures: ['Skincare that respects your budget.', 'Makeup artist, lazy weekdays.'], lines: ['Get ready with me for a long day.', 'The five-minute look I wear every day.', 'Testing the viral primer so you do not have to.'] },
  { heads: ['pixel', 'respawn', 'combo', 'loot', 'lag'], tails: ['plays', 'games', 'gg'], challenges: ['gaming', 'gamer', 'speedrun', 'retrogaming', 'esports'],
    signatures: ['Clips from last night\'s stream.', 'Retro games and bad luck.'], lines: ['One frame away from the record.', 'The boss fight nobody warned me about.', 'Found a secret room on my tenth run.'] },
  { heads: ['fix', 'craft', 'build', 'sand', 'knot'], tails: ['makes', 'builds', 'fixes'], challenges: ['diy', 'crafts', 'woodworking', 'upcycling', 'homeimprovement'],
    signatures: ['Turning thrift finds into furniture.', 'Small workshop, big plans.'], lines: ['From curb find to coffee table.', 'The cheapest shelf upgrade you will ever do.', 'Measure twice, film once.'] },
  { heads: ['wander', 'roam', 'nomad', 'trail', 'drift'], tails: ['travels', 'abroad', 'maps'], challenges: ['travel', 'traveltok', 'roadtrip', 'hiddengems', 'backpacking'],
    signatures: ['Forty countries, one backpack.', 'Cheap flights and long train rides.'], lines: ['This beach has no road to it.', 'Three days here cost less than one night at home.', 'Save this for your next trip.'] },
  { heads: ['echo', 'alto', 'paper', 'lowkey', 'neon'], tails: ['sings', 'beats', 'covers'], challenges: ['music', 'singing', 'cover', 'guitar', 'newmusic'],
    signatures: ['Covers on Mondays, originals on Fridays.', 'New single out now.'], lines: ['Should I release the full version?', 'Wrote this on the train home.', 'Acoustic version, one take.'] },
];

export const GENERAL_CHALLENGES: readonly string[] = ['fyp', 'viral', 'trending', 'foryou', 'duet', 'storytime', 'challenge', 'weekend', 'aesthetic', 'lifehack'];

/** The world's challenge vocabulary: every theme's and the general ones (60). */
export const CHALLENGES: readonly string[] = [...THEMES.flatMap((theme) => theme.challenges), ...GENERAL_CHALLENGES];

/** Invented sponsors of the branded challenges. */
export const SPONSORS: readonly string[] = ['Brightwave', 'Kettlefox', 'Norden Soda', 'Lumio', 'Parcelly'];

export const REGULAR_LINES: readonly string[] = ['day in my life', 'had to post this', 'pov: monday again', 'part 2?', 'can\'t stop watching this', 'tried it, here\'s how it went', ''];

export const REGULAR_SIGNATURES: readonly string[] = ['just here for the comments', 'coffee, dogs, bad puns', 'weekend hiker', 'student • runner', 'posting whenever'];

export const COMMENTS: readonly string[] = [
  'the way I replayed this 😭', 'part 2 please', 'how is this so satisfying', 'saving this', 'the ending 😂', 'this is so me', 'ok I need to try this',
  'who else is watching at 3am', 'underrated', 'the editing 🔥', 'tutorial please!', 'my favourite creator fr', 'same', 'right?!', 'haha yes',
];

/** Label tracks are titled from these (20 × 20, so each track's title is its own). */
export const TRACK_WORDS: readonly [readonly string[], readonly string[]] = [
  ['Golden', 'Midnight', 'Paper', 'Electric', 'Velvet', 'Summer', 'Neon', 'Lazy', 'Silver', 'Wild', 'Quiet', 'Broken', 'Sugar', 'Cold', 'Endless', 'Lucky', 'Faded', 'Crystal', 'Hollow', 'Bright'],
  ['Hearts', 'Drive', 'Skies', 'Echoes', 'Lights', 'Rooms', 'Waves', 'Letters', 'Sundays', 'Steps', 'Streets', 'Dreams', 'Fever', 'Motion', 'Rivers', 'Static', 'Gardens', 'Signals', 'Tides', 'Party'],
];

/** Regions with their main language (ISO 3166-1 alpha-2, ISO 639-1). */
export const REGIONS: ReadonlyArray<readonly [string, string]> = [
  ['US', 'en'], ['US', 'en'], ['GB', 'en'], ['CA', 'en'], ['AU', 'en'], ['DE', 'de'], ['FR', 'fr'], ['ES', 'es'], ['MX', 'es'],
  ['BR', 'pt'], ['IT', 'it'], ['JP', 'ja'], ['KR', 'ko'], ['IN', 'hi'], ['ID', 'id'], ['PH', 'en'], ['NL', 'nl'],
];
