import { textTokens } from '../../../chat/tokens';
import type { SeededRandom } from '../random';
import type { Topic } from './topic';

/**
 * The sandbox's prose: a few sentences in an assistant's register that take up the prompt's
 * words, the first saying once that this is sandbox output. `{topic}` is the topic phrase, `{a}`
 * and `{b}` two of its words.
 */

const OPENINGS = [
  'This is a sandbox answer from a test model, not a real one: here is a short take on {topic}.',
  'Sandbox answer (synthetic test output): {topic} is a good thing to ask about.',
  'Here is a sandbox reply, generated for testing, about {topic}.',
  'As a sandbox model I can only sketch an answer, but here is an outline on {topic}.',
];

const BODY = [
  'When it comes to {topic}, the first thing to settle is what you need {a} for.',
  'A practical approach is to start small with {a}, then refine it as you learn more.',
  'Most people find that {a} and {b} are closely related, so it helps to look at them together.',
  'It is worth comparing a few options for {a} before committing to one.',
  'Keep in mind that {b} depends on context: what works in one case may not work in another.',
  'A common mistake with {a} is to skip the basics and go straight to the details.',
  'Many guides on {topic} recommend writing down your constraints first.',
  'Step one is to define what {a} should achieve; step two is to check {b} against that goal.',
  'If you look at {b} over time, the pattern is usually clearer than any single example.',
  'Experts tend to agree on the fundamentals of {a}, even when they differ on the details.',
  'For {b}, a simple checklist often does more than an elaborate plan.',
  'The trade-off with {a} is usually between speed and thoroughness.',
  'It also helps to ask someone who has worked with {b} before.',
  'Costs around {a} vary, so set a budget before you start.',
];

/** For a prompt without a topic ("hi"): what the sandbox can do, in a few sentences. */
const WITHOUT_TOPIC = [
  'I can answer questions, summarise text, draft messages and sketch plans.',
  'Tell me a little more about what you are working on, and I will take it from there.',
  'Ask about a topic and the answer will take up its words.',
  'The same request always gets the same answer here, so your tests can rely on it.',
  'Offer tools and I will call one with arguments that fit its schema.',
  'Ask for JSON with a schema and the answer will follow it.',
];
/** Most tokens of an answer without a topic: it has only so much to say. */
const MOST_TOKENS_WITHOUT_TOPIC = 90;

const CLOSINGS = [
  'In short, {topic} rewards a clear goal and a little patience.',
  'If you share more detail about {b}, the answer can be more specific.',
  'I hope this gives you a useful starting point on {topic}.',
  'Let me know which part of {topic} you would like to explore next.',
];
const CLOSING_WITHOUT_TOPIC = 'What would you like to know?';

/** Sentences about the topic until about `targetTokens` tokens; paragraphs of two to four. */
export function proseAbout(topic: Topic, random: SeededRandom, targetTokens: number, opening: string = fill(random.pick(OPENINGS), topic, random)): string {
  const paragraphs: string[][] = [[opening]];
  let tokens = textTokens(opening);
  const closing = topic.words.length > 0 ? fill(random.pick(CLOSINGS), topic, random) : CLOSING_WITHOUT_TOPIC;
  const closingTokens = textTokens(closing);
  const body = topic.words.length > 0 ? BODY : WITHOUT_TOPIC;
  const target = topic.words.length > 0 ? targetTokens : Math.min(targetTokens, MOST_TOKENS_WITHOUT_TOPIC);
  let pool: string[] = [];
  while (tokens + closingTokens < target) {
    if (pool.length === 0) pool = random.shuffle(body);
    const sentence = fill(pool.pop()!, topic, random);
    const paragraph = paragraphs[paragraphs.length - 1]!;
    if (paragraph.length >= random.integer(2, 4)) paragraphs.push([sentence]);
    else paragraph.push(sentence);
    tokens += textTokens(sentence) + 1;
  }
  paragraphs[paragraphs.length - 1]!.push(closing);
  return paragraphs.map((sentences) => sentences.join(' ')).join('\n\n');
}

/** The opening of an answer given after a tool's result: it reports what the result says. */
export function resultOpening(toolName: string | undefined, result: string): string {
  const source = toolName ? `\`${toolName}\`` : 'the tool';
  return `Sandbox answer: going by the result of ${source}, ${summaryOf(result)}.`;
}

/** A result's gist: up to four `key: value` pairs of a JSON object, else its first words. */
function summaryOf(result: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(result);
  } catch {
    parsed = undefined;
  }
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const pairs = Object.entries(parsed)
      .filter(([, value]) => value === null || typeof value !== 'object')
      .slice(0, 4)
      .map(([key, value]) => `${key} is ${String(value)}`);
    if (pairs.length > 0) return pairs.join(', ');
  }
  const words = result.trim().split(/\s+/);
  const gist = words.slice(0, 20).join(' ').replace(/[.!?]+$/, '');
  return gist === '' ? 'it returned nothing' : `it says "${gist}${words.length > 20 ? '…' : ''}"`;
}

function fill(template: string, topic: Topic, random: SeededRandom): string {
  const words = topic.words.length > 0 ? topic.words : [topic.phrase];
  const a = random.pick(words);
  const others = words.filter((word) => word !== a);
  const b = others.length > 0 ? random.pick(others) : a;
  const sentence = template.replaceAll('{topic}', topic.phrase).replaceAll('{a}', a).replaceAll('{b}', b);
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
