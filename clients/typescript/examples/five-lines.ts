import { createClient } from '@tollgate/client';

const tollgate = createClient({ baseUrl: 'http://localhost:8080', apiKey: process.env.TOLLGATE_API_KEY ?? '' });
const { keywords } = await tollgate.seoKeywordIdeas({ keyword: 'running shoes', limit: 10 });
for (const idea of keywords) console.log(idea.keyword, idea.volume, idea.difficulty);
