import { serpDraft, serpPage, type SerpResponse, type SerpResultDraft } from '../../../schemas/serp';
import { normaliseKeyword } from '../../../schemas/keyword';
import { SeededRandom, roundTo } from '../random';
import { timestampBefore, titleCase, wordsOf } from './page-text';

const QUOTE_TIME = timestampBefore(1, 20);
const FINANCE_SITE = 'finance.search.example';
const CURRENCIES = ['usd', 'eur', 'gbp', 'jpy', 'chf', 'cad', 'aud', 'cny', 'btc', 'eth'];
const PAIR = new RegExp(`^(${CURRENCIES.join('|')})\\s*(?:/|-|to)?\\s*(${CURRENCIES.join('|')})$`);
const TICKER = /^([a-z]{1,5})(?::([a-z]+))?(?:\s+(?:stock|shares|share price|quote))?$/;
const INDEXES = [
  { ticker: 'INX', market: 'INDEXSP', name: 'S&P 500', level: 6800, pattern: /s&p|sp 500|spx/ },
  { ticker: '.DJI', market: 'INDEXDJX', name: 'Dow Jones Industrial Average', level: 46500, pattern: /\bdow\b/ },
  { ticker: '.IXIC', market: 'INDEXNASDAQ', name: 'NASDAQ Composite', level: 22800, pattern: /nasdaq/ },
  { ticker: 'UKX', market: 'INDEXFTSE', name: 'FTSE 100', level: 9300, pattern: /ftse/ },
  { ticker: 'DAX', market: 'INDEXDB', name: 'DAX PERFORMANCE-INDEX', level: 24100, pattern: /\bdax\b/ },
];

type Trend = 'up' | 'down' | 'stable';

/** One day's move, seeded by the instrument alone: the same ticker quotes the same wherever it appears. */
function move(seed: string, level: number) {
  const random = new SeededRandom(`finance:${seed}`);
  const value = roundTo(level * random.between(0.8, 1.2), 2);
  const percentageDelta = roundTo(random.normal(0, 1.2), 2);
  const delta = roundTo((value * percentageDelta) / 100, 2);
  const trend: Trend = percentageDelta > 0.05 ? 'up' : percentageDelta < -0.05 ? 'down' : 'stable';
  return { value, delta, percentageDelta, trend, random };
}

/** A listing; its primary exchange is fixed by the ticker, so a ticker always lists in one place. */
function instrument(ticker: string, exchange = ticker.charCodeAt(0) % 2 === 0 ? 'NASDAQ' : 'NYSE', currency = 'USD'): SerpResultDraft {
  const market = exchange.toUpperCase();
  const identifier = `${ticker}:${market}`;
  const { value, delta, percentageDelta, trend, random } = move(identifier, 40 + (ticker.charCodeAt(0) % 7) * 60);
  return serpDraft(
    'marketInstrument',
    { ticker, identifier, price: value, priceDelta: delta, percentageDelta, currency, trend, timestamp: QUOTE_TIME },
    { title: `${ticker} ${titleCase(random.pick(['Holdings', 'Group', 'Technologies', 'Industries']))}`, url: `https://${FINANCE_SITE}/quote/${identifier}`, description: `${ticker} · ${market}`, domain: FINANCE_SITE },
  );
}

function marketIndex(index: (typeof INDEXES)[number]): SerpResultDraft {
  const { value, delta, percentageDelta, trend } = move(index.ticker, index.level);
  const identifier = `${index.ticker}:${index.market}`;
  return serpDraft('marketIndex', { ticker: index.ticker, identifier, value, valueDelta: delta, percentageDelta, trend, timestamp: QUOTE_TIME }, { title: index.name, url: `https://${FINANCE_SITE}/quote/${identifier}`, description: index.market, domain: FINANCE_SITE });
}

function assetPair(base: string, quote: string): SerpResultDraft {
  const identifier = `${base.toUpperCase()}-${quote.toUpperCase()}`;
  const { value, delta, percentageDelta, trend } = move(identifier, base === quote ? 1 : 0.5 + (base.charCodeAt(1) % 5));
  return serpDraft(
    'assetPair',
    { identifier, baseSymbol: base.toUpperCase(), quoteSymbol: quote.toUpperCase(), price: value, priceDelta: delta, percentageDelta, trend, timestamp: QUOTE_TIME },
    { title: `${base.toUpperCase()} / ${quote.toUpperCase()}`, url: `https://${FINANCE_SITE}/quote/${identifier}`, description: 'Currency', domain: FINANCE_SITE },
  );
}

/** The tickers a company-name query matches: its initials, then longer abbreviations. */
function tickersForName(query: string): string[] {
  const words = wordsOf(query).map((word) => word.toUpperCase());
  const first = words[0] ?? 'TOLL';
  const initials = words.map((word) => word[0]).join('').slice(0, 4);
  return [...new Set([first.slice(0, 4), initials, first.slice(0, 3), `${first.slice(0, 2)}X`].filter((ticker) => ticker.length >= 2))];
}

/**
 * Ticker search: a currency pair answers with that pair and its neighbours, an index name with the
 * major indexes, a ticker-like query (`aapl`, `msft:nasdaq`, `tsla stock`) with that listing first
 * and its foreign listings, a company name with the instruments it may mean. At most `depth` results.
 */
export function sandboxFinance({ query: rawQuery, depth }: { query: string; depth: number }): SerpResponse {
  const query = normaliseKeyword(rawQuery);
  const pair = PAIR.exec(query);
  const ticker = TICKER.exec(query);
  const index = INDEXES.find((candidate) => candidate.pattern.test(query));
  let drafts: SerpResultDraft[];
  if (pair) drafts = [assetPair(pair[1]!, pair[2]!), assetPair(pair[2]!, pair[1]!), ...CURRENCIES.filter((code) => code !== pair[1] && code !== pair[2]).slice(0, 2).map((code) => assetPair(pair[1]!, code))];
  else if (index || /\bindex\b/.test(query)) drafts = [...INDEXES.filter((candidate) => candidate === index), ...INDEXES.filter((candidate) => candidate !== index)].map(marketIndex);
  else if (ticker) {
    const symbol = ticker[1]!.toUpperCase();
    drafts = [instrument(symbol, ticker[2]), instrument(symbol, 'BMV', 'MXN'), instrument(symbol.slice(0, 3), 'ETR', 'EUR')];
  }
  else drafts = tickersForName(query).map((peer) => instrument(peer));
  const results = drafts.slice(0, depth);
  return serpPage(rawQuery, results.length, results);
}
