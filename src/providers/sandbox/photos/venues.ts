import { remembering } from '../memo';
import { roundTo, SeededRandom } from '../random';
import { NOTABLE, notableUsers, type WorldUser } from './users';
import { VENUE_CITIES } from './vocabulary';

/**
 * The places of the notable accounts whose theme has them (a café, a shop): each stands a few
 * streets from the centre of its account's country's city (the country its bio and about name),
 * under the account's name. Search finds them among the places, and the account's located posts
 * are located there, at the same coordinates.
 */

export interface Place {
  name: string;
  lat: number;
  lng: number;
}

const venueAt = remembering(NOTABLE, (user: WorldUser): Place => {
  const city = VENUE_CITIES[user.country]!;
  const random = new SeededRandom(`photos-venue:${user.index}`);
  return { name: user.fullName, lat: roundTo(city.lat + random.between(-0.02, 0.02), 4), lng: roundTo(city.lng + random.between(-0.02, 0.02), 4) };
}, (user) => user.index);

/** The account's venue, or null when it has none. */
export const venueOf = (user: WorldUser): Place | null => (user.notable && user.theme.venues ? venueAt(user) : null);

/** Where a post the world located at `drawn` is: its account's venue, when it has one. (The place is drawn either way, so nothing else of the post moves.) */
export const locatedAt = (owner: WorldUser, drawn: Place | null): Place | null => drawn && (venueOf(owner) ?? drawn);

/** Every venue of the world, with the followers of its account (search ranks by them). */
export const allVenues = (): Array<{ place: Place; followers: number }> =>
  notableUsers().flatMap((user) => {
    const place = venueOf(user);
    return place === null ? [] : [{ place, followers: user.followers }];
  });
