import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { VERSION } from '../version';
import { OPERATION_IDS } from './operation-ids';

const BEARER_DESCRIPTION = [
  'Either a session token (from `POST /api/auth/login`, answered in the body and the `x-auth-token` header) or an API key of the account (`tsk_…`, created under Account › Integrations).',
  'An API key acts with its role (ADMIN or ORGANIZER) on its account, under the same permission checks as a person with that role; routes about a person (their profile, e-mail address, session, and the API keys themselves) answer 403 `API_KEY_NOT_ALLOWED` to a key.',
  'A revoked or expired key answers 401 (`API_KEY_REVOKED`, `API_KEY_EXPIRED`); each key may make so many calls a minute (`API_KEY_RATE_LIMIT_PER_MINUTE`, 600 by default), then 429 with `Retry-After`.',
].join(' ');

const API_DESCRIPTION = `Event ticketing and management. Management calls need \`Authorization: Bearer <token or API key>\`; calls under /api/public need none. Errors share one shape: \`{ message, code, errors? }\`; send \`Accept-Language\` for messages in another language.

**Calling the API with a key.** An ADMIN creates a key under Account › Integrations (it is shown once) and sends it as a bearer token:

\`\`\`sh
export TESSERA_KEY='tsk_…'
curl -H "Authorization: Bearer $TESSERA_KEY" "https://tickets.example.com/api/events?per_page=50"

curl -X POST -H "Authorization: Bearer $TESSERA_KEY" -H 'Content-Type: application/json' \\
  -d '{"title":"Harbour Nights","start_date":"2031-06-01T20:00:00Z","organizer_id":1}' \\
  https://tickets.example.com/api/events
\`\`\`

Lists take \`page\`, \`per_page\` (at most 100), \`query\`, \`sort_by\`, \`sort_direction\` and \`filter_fields[field][op]=value\`, and answer \`{ data, meta }\`. Money is in integer minor units beside its currency; times are ISO 8601 in UTC.`;

const WEBHOOKS_DESCRIPTION = `Endpoints that are POSTed a JSON body \`{ id, type, created_at, data }\` when something happens to the account's orders, attendees, tickets or events. Managed by ADMINs (logged in or with an ADMIN key) under Account › Integrations, where each endpoint's delivery log is.

**Verifying a delivery.** Deliveries are signed as [Standard Webhooks](https://www.standardwebhooks.com/) says: each request carries \`webhook-id\` (the body's \`id\`, the same on every retry and resend, so drop ids already seen), \`webhook-timestamp\` (Unix seconds of this attempt) and \`webhook-signature: v1,<base64>\`: the HMAC-SHA256, keyed with the bytes of the endpoint's secret (\`whsec_…\`, answered once when the endpoint is created), of the id, a dot, the timestamp, a dot and the raw body exactly as received. Its libraries verify it and refuse timestamps more than 5 minutes away. Answer 2xx within 10 s; anything else is retried for 24 hours. Endpoints made before also get the old \`Tessera-Webhook-*\` headers while \`legacy_headers\` is true.

\`\`\`js
import { Webhook } from 'standardwebhooks';
const event = new Webhook(secret).verify(rawBody, headers); // throws if the signature is wrong
\`\`\``;

/**
 * Each operation as the zod schemas describe it, and named: its `operationId` from
 * `OPERATION_IDS` (unless the route sets one), and `security: []` when the route names none
 * (the routes behind a login all name `bearerAuth`), so public operations say so.
 */
const transform: SwaggerTransform = (data) => {
  const result = jsonSchemaTransform(data as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = result.schema as Record<string, unknown>;
  const methods = Array.isArray(data.route.method) ? data.route.method : [data.route.method];
  const path = result.url.replace(/:(\w+)/g, '{$1}');
  const named = OPERATION_IDS[`${methods[0]} ${path}`];
  return {
    url: result.url,
    schema: {
      ...schema,
      ...(schema.operationId === undefined && named ? { operationId: named } : {}),
      ...(schema.security === undefined ? { security: [] } : {}),
    },
  };
};

/** The names of the component schemas a part of the document refers to. */
function referencedSchemas(node: unknown, found: Set<string>): void {
  const stack = [node];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/'))
          found.add(child.slice('#/components/schemas/'.length));
        else stack.push(child);
      }
    }
  }
}

/**
 * The document with only the component schemas it uses: zod's transform registers an input and
 * an output form of each named schema, and most are used one way only.
 */
const transformObject: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas;
  if (!schemas) return document as ReturnType<SwaggerTransformObject>;
  const used = new Set<string>();
  referencedSchemas(document.paths, used);
  for (let size = -1; size !== used.size; ) {
    size = used.size;
    for (const name of [...used]) referencedSchemas(schemas[name], used);
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return {
    ...document,
    components: { ...document.components, schemas: kept },
  } as ReturnType<SwaggerTransformObject>;
};

/** OpenAPI 3.1 generated from the routes' zod schemas; rendered at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tessera API',
        version: VERSION,
        description: API_DESCRIPTION,
        license: { name: 'GNU Affero General Public License v3.0 only', identifier: 'AGPL-3.0-only' },
      },
      servers: [{ url: '/' }],
      tags: [
        {
          name: 'api-keys',
          description:
            'Keys that call the API for the account with a role (ADMIN or ORGANIZER). Managed by ADMINs logged in as themselves under Account › Integrations; a key cannot manage keys.',
        },
        { name: 'webhooks', description: WEBHOOKS_DESCRIPTION },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: BEARER_DESCRIPTION,
          },
        },
      },
    },
    transform,
    transformObject,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The UI sets inline styles; it loads no inline script and nothing from other hosts.
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    uiConfig: { deepLinking: true, validatorUrl: null },
  });
}
