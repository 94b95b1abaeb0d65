import { subjectsOf } from './query-subjects';
import { isUnitedStates, type SearchMarket } from './search-market';
import type { SeededRandom } from './random';

/**
 * Who the news vertical cites: news publishers, never a shop or a code host. The famous news sites
 * (see FAMOUS_SITES, so each is registered and known to the domain endpoints) and the sandbox's
 * news-like reference sites; outside the United States the market's own papers lead, and a
 * sport or technology query brings its specialists forward.
 */

/** The market's own papers, by location code: they lead its news. */
const MARKET_PUBLISHERS: ReadonlyMap<number, readonly string[]> = new Map([
  [2276, ['spiegel.de']],
  [2250, ['lemonde.fr']],
  [2826, ['bbc.co.uk', 'theguardian.com', 'dailymail.co.uk', 'independent.co.uk']],
]);

const SPORT_PUBLISHERS = ['espn.com'];

const TECH_PUBLISHERS = ['theverge.com', 'wired.com', 'techcrunch.com'];

/** Everyone's news: the wires, the big papers and broadcasters, and the sandbox's own news-like sites. */
const GENERAL_PUBLISHERS = [
  'reuters.com', 'apnews.com', 'nytimes.com', 'washingtonpost.com', 'cnn.com', 'bbc.com', 'theguardian.com', 'npr.org', 'usatoday.com',
  'nbcnews.com', 'cnbc.com', 'bloomberg.com', 'time.com', 'citypaper.news', 'dailyledger.com', 'marketwatchers.net',
];

/**
 * The publishers of a normalised query's news in a market, in the order its stories cite them:
 * the market's own papers, then the query's specialists, then the rest, each group in an order
 * drawn for the query.
 */
export function newsPublishers(query: string, market: SearchMarket, random: SeededRandom): readonly string[] {
  const { sport, software } = subjectsOf(query);
  const groups = [
    isUnitedStates(market) ? [] : MARKET_PUBLISHERS.get(market.locationCode) ?? [],
    sport ? SPORT_PUBLISHERS : [],
    software ? TECH_PUBLISHERS : [],
    GENERAL_PUBLISHERS,
  ];
  return [...new Set(groups.flatMap((group) => random.shuffle(group)))];
}
