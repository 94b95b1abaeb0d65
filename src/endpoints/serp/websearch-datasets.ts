import { defineEndpoint } from '../../core/define-endpoint';
import { SERP_RESPONSES } from '../../schemas/serp';
import { pricePerPage, searchEngine, serpRequest } from './serp-request';

const PAGE_SIZE = 20;

export default defineEndpoint({
  id: 'serp.websearch_datasets',
  method: 'POST',
  path: '/v1/serp/websearch-datasets',
  summary: 'Dataset search results',
  description:
    'Datasets matching a query from the dataset search engine: title, provider, formats, authors, licence, period and area covered, last update. ' +
    'Dataset search is not localised: `location_code` has no effect.',
  input: serpRequest({ depthDescription: `Datasets to return. Billed per started page of ${PAGE_SIZE}.`, example: 'air quality' }),
  output: SERP_RESPONSES.datasets,
  price: () => pricePerPage(PAGE_SIZE),
  examples: {
    request: { query: 'air quality', depth: 20 },
    response: {
      query: 'air quality',
      totalResults: 380,
      itemTypes: ['dataset'],
      results: [
        {
          position: 1,
          type: 'dataset',
          title: 'Air Quality time series 2001–2024',
          url: 'https://opendataportal.org/datasets/air-quality-1',
          description: 'Data on air quality, 2001 to 2024, published by Opendataportal.',
          domain: 'opendataportal.org',
          data: {
            datasetId: 'L2cvMTF4411902',
            providers: [{ title: 'Opendataportal', url: 'https://opendataportal.org', domain: 'opendataportal.org' }],
            formats: [{ format: 'csv', size: '42 MB' }],
            authors: [{ name: 'Opendataportal Research Team', url: null }],
            licenses: [{ title: 'CC BY 4.0', url: null }],
            updatedDate: '2026-05-14',
            areaCovered: ['United States'],
            periodCovered: { startDate: '2001-01-01', endDate: '2024-12-31', displayedDate: '2001 – 2024' },
            scholarlyCitationsCount: 12,
          },
        },
      ],
    },
  },
  handler: searchEngine('datasets'),
});
