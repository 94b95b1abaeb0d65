import type { ChatMessage } from '../../../schemas/chat-completions';

/**
 * What a prompt is about, as the sandbox reads it: the salient words of its last user message
 * (no stop words), so an answer, a tool call's arguments or a JSON document can take them up.
 */
export interface Topic {
  /** The salient words, in the order the message uses them (at most eight). */
  readonly words: readonly string[];
  /** The longest run of salient words (its last three at most), "your question" when there is none. */
  readonly phrase: string;
}

const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can could ' +
    'did do does doing down during each either else ever every few for from further get gets give given had has have having he her here hers ' +
    'him his how however i if in into is it its itself just let like make many may me might more most much must my myself need no nor not now ' +
    'of off on once only or other our ours out over own please same shall she should so some such tell than thank thanks that the their them ' +
    'then there these they this those through to too under until up upon us very via want was we were what when where which while who whom ' +
    'why will with within without would yes yet you your yours yourself hello hi hey okay ok sure know think show explain write give ' +
    'across along among around beyond toward towards using use used something anything everything someone really quite simple terms briefly today tonight tomorrow yesterday ' +
    'next last find list help looking look recommend suggest provide create describe compare'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const MOST_WORDS = 8;
/** Scripts written without spaces read as one long "word": a topic keeps a readable slice of it. */
const LONGEST_WORD = 24;

/** The topic of the conversation's last user message (else its last message with text). */
export function topicOf(messages: readonly ChatMessage[]): Topic {
  const source = [...messages].reverse().find((message) => message.role === 'user') ?? messages[messages.length - 1];
  return topicOfText(source ? messageText(source) : '');
}

export function topicOfText(text: string): Topic {
  const seen = new Map<string, { word: string; position: number; count: number }>();
  // Runs of salient words with only spaces between them ("best running shoes"): the longest names the topic.
  const runs: string[][] = [];
  let run: string[] = [];
  let runEnd = -1;
  let position = 0;
  for (const match of text.matchAll(WORD)) {
    const word = asWritten(match[0].replace(/['’-]+$/, ''), text, match.index).slice(0, LONGEST_WORD);
    const key = word.toLowerCase();
    if (STOP_WORDS.has(key) || (word.length < 3 && !/\p{N}/u.test(word))) {
      runEnd = -1;
      continue;
    }
    if (runEnd === -1 || !/^ +$/.test(text.slice(runEnd, match.index))) runs.push((run = []));
    run.push(word);
    runEnd = match.index + match[0].length;
    const known = seen.get(key);
    if (known) known.count += 1;
    else seen.set(key, { word, position: position++, count: 1 });
  }
  // Repeated and longer words say more about the topic; the answer then uses them in the prompt's order.
  const words = [...seen.values()]
    .sort((a, b) => b.count * 8 + b.word.length - (a.count * 8 + a.word.length) || a.position - b.position)
    .slice(0, MOST_WORDS)
    .sort((a, b) => a.position - b.position)
    .map((entry) => entry.word);
  const longest = runs.reduce<string[]>((best, candidate) => (candidate.length > best.length || (candidate.length === best.length && candidate.join('').length > best.join('').length) ? candidate : best), []);
  // A phrase's last words carry it ("marathon training shoes" → its head noun is last).
  return { words, phrase: longest.length === 0 ? 'your question' : longest.slice(-3).join(' ') };
}

/** A message's text: its string content, or its text parts joined. */
export function messageText(message: ChatMessage): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
}

/** A sentence's first word loses its capital ("Best shoes" → "best"); names and acronyms keep theirs. */
function asWritten(word: string, text: string, index: number): string {
  const sentenceStart = index === 0 || /[.!?:\n]\s*$/.test(text.slice(Math.max(0, index - 3), index));
  if (!sentenceStart || word.slice(1) !== word.slice(1).toLowerCase()) return word;
  return word.charAt(0).toLowerCase() + word.slice(1);
}
