import { generalEngineEndpoint } from './general-engine';

export default generalEngineEndpoint({ engine: 'bing', name: 'Bing', pageSize: 10, exampleDomain: 'espressoguide.com' });
