import type { EndpointDefinition } from '../../core/define-endpoint';
import authorFinder from './author-finder';
import combined from './combined';
import company from './company';
import count from './count';
import domainSearch from './domain-search';
import domainStatus from './domain-status';
import enrich from './enrich';
import finder from './finder';
import format from './format';
import locations from './locations';
import person from './person';
import phoneFinder from './phone-finder';
import phoneValidator from './phone-validator';
import profileFinder from './profile-finder';
import similar from './similar';
import sources from './sources';
import technology from './technology';
import verify from './verify';

/**
 * Email and contact data. Tollgate checks itself what needs no vendor (address syntax, mail
 * servers, disposable and webmail lists, phone numbers, technology fingerprints, an article's
 * author); the contacts family (a vendor, or the sandbox's world of companies) answers the rest.
 */
export const emailEndpoints: readonly EndpointDefinition<any, any>[] = [
  authorFinder, combined, company, count, domainSearch, domainStatus, enrich, finder, format, locations,
  person, phoneFinder, phoneValidator, profileFinder, similar, sources, technology, verify,
];
