import { generalEngineEndpoint } from './general-engine';

/** The catalog lists no price for a regional engine; $0.01 per 10 results, like the web engine, is an assumption. */
export default generalEngineEndpoint({ engine: 'baidu', name: 'Baidu', pageSize: 10, exampleDomain: 'espresso.com.cn' });
