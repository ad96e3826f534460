import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZAdminStats, ZAdminUser, ZApiError, ZNavigation, ZNavigationItem, ZPlan, ZSession, ZUser } from '@cuadre/contracts';

/**
 * Shared and recursive schemas become named components of the API document, so it holds one
 * definition of each and every `$ref` resolves (a recursive schema without a name pointed nowhere).
 */
const COMPONENTS: [z.core.$ZodType, string][] = [
  [ZApiError, 'ApiError'],
  [ZNavigationItem, 'NavigationItem'],
  [ZNavigation, 'Navigation'],
  [ZUser, 'User'],
  [ZAdminUser, 'AdminUser'],
  [ZAdminStats, 'AdminStats'],
  [ZPlan, 'Plan'],
  [ZSession, 'Session'],
];
let registered = false;
export function nameSchemas() {
  if (registered) return;
  registered = true;
  for (const [schema, id] of COMPONENTS) if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
}

/** `GET /api/admin/users/:id` → `getAdminUsersById`: stable, unique, and readable in a generated client. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-')
    .split(/[-_.]/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];

/** The route schemas as the document shows them, each operation with its id. */
export function documentTransform(args: TransformArgs) {
  const out = jsonSchemaTransform(args);
  const method = Array.isArray(args.route.method) ? args.route.method[0]! : args.route.method;
  const schema: Record<string, unknown> = { ...out.schema, operationId: operationIdOf(method, args.url) };
  // A route that answers with bytes (an image) declares no JSON body for its success; the document still says it has one.
  const response = (schema.response ?? {}) as Record<string, unknown>;
  if (!Object.keys(response).some((code) => code.startsWith('2')))
    schema.response = { 200: { description: 'The file, with its own content type' }, ...response };
  return { ...out, schema };
}
