import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { DomainTechnology } from '../../../schemas/domain-analytics';
import { DomainName } from '../../../schemas/domain-name';

const DomainTechnologiesRequest = z.strictObject({
  domain: DomainName.meta({ description: 'Domain, without protocol.', examples: ['example.com'] }),
});

const DomainTechnologiesResponse = z.object({
  domain: z.string().meta({ examples: ['example.com'] }),
  technologies: z.array(DomainTechnology).meta({ description: 'Technologies detected on the site, by group and category.' }),
});

export default defineEndpoint({
  id: 'seo.domain_technologies',
  method: 'POST',
  path: '/v1/seo/domain/technologies',
  summary: 'Technologies a website uses',
  description: 'The technology stack detected on a website: servers, CDN, frameworks, CMS, e-commerce platform, analytics and more, each with its category and group.',
  input: DomainTechnologiesRequest,
  output: DomainTechnologiesResponse,
  price: ({ perCall }) => perCall(0.03),
  examples: {
    request: { domain: 'example.com' },
    response: {
      domain: 'example.com',
      technologies: [
        { name: 'Nginx', category: 'web_servers', group: 'servers' },
        { name: 'React', category: 'javascript_frameworks', group: 'web_development' },
        { name: 'Google Analytics', category: 'analytics', group: 'analytics' },
      ],
    },
  },
  async handler({ input, providers, call }) {
    return { domain: input.domain, technologies: await providers.domainAnalytics.technologies({ domain: input.domain }, call) };
  },
});
