import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { AssistantReference } from '../../../schemas/content';
import { countryCode, searchText } from '../../../schemas/request-fields';

const AssistantRequest = z.strictObject({
  keyword: searchText(500).meta({ description: 'Topic or question to put to the assistant (at most 500 characters).', examples: ['best espresso machine'] }),
  location: countryCode(),
});

const AssistantResponse = z.object({
  keyword: z.string().meta({ description: 'The keyword as sent.' }),
  response: z.string().meta({ description: 'What the assistant answered, in markdown.' }),
  references: z.array(AssistantReference).meta({ description: 'Sources the answer cites.' }),
});

export default defineEndpoint({
  id: 'seo.ai_assistant',
  method: 'POST',
  path: '/v1/seo/ai/assistant',
  summary: 'What an AI assistant says about a topic',
  description: 'Asks a conversational AI search assistant (with web search, from the given country) about a keyword and returns its answer and the sources it cites: a check of AI visibility.',
  input: AssistantRequest,
  output: AssistantResponse,
  price: ({ perCall }) => perCall(0.05),
  examples: {
    request: { keyword: 'best espresso machine', location: 'us' },
    response: {
      keyword: 'best espresso machine',
      response: '**Best espresso machine** picks depend on budget: semi-automatic models suit most home baristas…',
      references: [{ url: 'https://homeandmaker.com/reviews/best-espresso-machine', title: 'Best Espresso Machines of 2026', snippet: 'semi-automatic models suit most home baristas' }],
    },
  },
  async handler({ input, providers, call }) {
    const answer = await providers.content.assistant({ keyword: input.keyword, country: input.location }, call);
    return { keyword: input.keyword, ...answer };
  },
});
