import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { areaOf } from '../core/define-endpoint';
import { describeIssues } from '../core/validation';
import { areaAllowed } from '../auth/key-limits';
import { RESULT_META, sendableToolRequest, toolResult, withheldArgumentRefusal, type EndpointTool, type SendToolRequest } from './tools';

/** The endpoint areas the caller's key may call (null: every area), asked when the tools are listed. */
export type KeyAreas = () => Promise<readonly string[] | null>;

const SERVER_INFO = { name: 'tollgate', version: '1.0.0' };

const INSTRUCTIONS =
  'Tollgate: pay-per-call data and AI tools (SEO, search results, maps, scraping, e-mail, retail, social and video data, AI chat and media). ' +
  'Each tool states its price; a successful call is charged from the prepaid balance of the API key, and its result says what it cost ' +
  'and the balance left. A failed call is a tool error (`CODE: message`) and is never charged.';

/**
 * A JSON-RPC error answered with our message alone: the SDK's McpError writes `MCP error <code>: `
 * before it, and the client's McpError writes that again.
 */
class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `tools/call`, whose params the SDK's schema checks, but refused as invalid params (-32602) with
 * a readable message: the SDK parses a request with its handler's schema before anything else,
 * and a failure of the SDK's own schema would be an internal error (-32603) quoting zod's issues.
 */
const ToolCallRequest = z.object({
  method: z.literal('tools/call'),
  params: z.unknown().transform((params) => {
    const parsed = CallToolRequestSchema.shape.params.safeParse(params);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ['params', ...issue.path] }));
    throw new JsonRpcError(ErrorCode.InvalidParams, `Invalid tools/call request: ${describeIssues(issues)}`);
  }),
});

/**
 * An MCP server whose tools are the registry's endpoints, each call sent as one API request by
 * `send` (in-process for Streamable HTTP, over the network for stdio). Low-level `Server`, so the
 * tools' input schemas are the JSON Schemas of the requests as the OpenAPI document has them.
 */
export function createToolServer(tools: readonly EndpointTool[], send: SendToolRequest, keyAreas?: KeyAreas): Server {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const definitions = tools.map((tool) => tool.definition);
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  // A key limited to some areas sees only their tools (a model reads the list on every turn); a
  // hidden tool called anyway is refused by the API like any call outside the key's areas.
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const areas = keyAreas ? await keyAreas().catch(() => null) : null;
    if (areas === null) return { tools: definitions };
    return { tools: tools.filter((tool) => areaAllowed(areas, areaOf(tool.endpoint))).map((tool) => tool.definition) };
  });
  server.setRequestHandler(ToolCallRequest, async (request, extra): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new JsonRpcError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const refusal = withheldArgumentRefusal(tool, request.params.arguments);
    if (refusal) return refusal;
    const apiRequest = sendableToolRequest(tool, request.params.arguments);
    if ('content' in apiRequest) return apiRequest;
    try {
      return toolResult(tool, await send(apiRequest, extra.signal));
    } catch (error) {
      if (extra.signal.aborted) throw error;
      return {
        isError: true,
        content: [{ type: 'text', text: `UNAVAILABLE: the Tollgate API could not be reached (${error instanceof Error ? error.message : String(error)}).` }],
        _meta: { [RESULT_META.errorCode]: 'UNAVAILABLE' },
      };
    }
  });
  return server;
}
