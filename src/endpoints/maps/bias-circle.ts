import type { BiasCircle } from '../../providers/families/places';

/**
 * The location rules of a place search: `latitude`, `longitude` and `radius` describe one circle,
 * so they come all together or not at all, and `rank_by: distance` needs that circle (distance
 * from where?). Each issue names the missing field.
 */

const CIRCLE_FIELDS = ['latitude', 'longitude', 'radius'] as const;

export interface BiasFields {
  latitude?: number;
  longitude?: number;
  radius?: number;
  rank_by?: 'relevance' | 'distance';
}

export interface FieldIssue {
  path: [string];
  message: string;
}

export function biasCircleIssues(input: BiasFields): FieldIssue[] {
  const given = CIRCLE_FIELDS.filter((field) => input[field] !== undefined);
  const missing = CIRCLE_FIELDS.filter((field) => input[field] === undefined);
  if (given.length > 0 && missing.length > 0) {
    return missing.map((field) => ({
      path: [field],
      message: `is required when ${given.join(' and ')} ${given.length === 1 ? 'is' : 'are'} given (latitude, longitude and radius come together)`,
    }));
  }
  if (input.rank_by === 'distance' && given.length === 0) {
    return missing.map((field) => ({ path: [field], message: 'is required when rank_by is distance (the circle to rank from)' }));
  }
  return [];
}

/** The circle, once the rules above hold. */
export function biasCircleOf(input: BiasFields): BiasCircle | undefined {
  const { latitude, longitude, radius } = input;
  return latitude !== undefined && longitude !== undefined && radius !== undefined ? { latitude, longitude, radius } : undefined;
}
