import { generalEngineEndpoint } from './general-engine';

export default generalEngineEndpoint({ engine: 'yahoo', name: 'Yahoo', pageSize: 6, exampleDomain: 'espressoworld.com' });
