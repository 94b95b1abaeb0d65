import type { SendToolRequest } from './tools';

/**
 * Tool calls as HTTP requests to a Tollgate server (the stdio server's way): the caller's key in
 * `x-api-key`, the call cancelled with the tool call (the server then releases its hold).
 */
export function httpSender(baseUrl: URL, apiKey: string): SendToolRequest {
  const base = baseUrl.href.replace(/\/+$/, '');
  return async (request, signal) => {
    const response = await fetch(`${base}${request.url}`, {
      method: request.method,
      headers: {
        'x-api-key': apiKey,
        accept: 'application/json',
        'user-agent': 'tollgate-mcp-stdio',
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: request.body,
      signal,
    });
    const text = await response.text();
    return { status: response.status, header: (name) => response.headers.get(name) ?? undefined, text };
  };
}
