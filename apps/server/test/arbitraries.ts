import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries built from the contract's request schemas (through zod's JSON Schema, the
 * same document /docs publishes), so that generated tests cover an endpoint the day it is added.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

export function requestJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Top-level field names of a request. */
export function requestFields(schema: z.ZodType): string[] {
  return Object.keys(requestJsonSchema(schema).properties ?? {});
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern)
      .filter((text) => text.length >= min && text.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ minLength: min, maxLength: max });
}

/** Values that satisfy a JSON Schema (as zod writes them: the shapes our contract uses). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(validValue));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1,
        max: schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1,
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items) : fc.constant(null), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      });
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validValue(value)]),
        ),
        { requiredKeys: schema.required ?? [] },
      );
    default:
      return fc.constant(null);
  }
}

/** A request body the endpoint's schema accepts. */
export function validBody(schema: z.ZodType): fc.Arbitrary<Record<string, unknown>> {
  return validValue(requestJsonSchema(schema)) as fc.Arbitrary<Record<string, unknown>>;
}

/** Nested `depth` levels deep, as arrays or objects. */
function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = asObject ? { a: value } : [value];
  return value;
}

/** A value of the wrong kind, or the right kind made hostile. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b\u0007\u001b[31m\u202e',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '\ud800',
    '𝕳𝖆𝖒𝖐𝖐𝖊 👨‍👩‍👧',
    '',
    ' ',
    '0',
    '-1',
    '99999999999999999999999',
    'NaN',
  ),
  fc.integer({ min: 1, max: 5 }).map((n) => 'x'.repeat(10 ** n)),
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 63), 1e308, 0.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 4 }),
  fc
    .tuple(fc.integer({ min: 20, max: 400 }), fc.boolean())
    .map(([depth, asObject]) => nested(depth, asObject)),
);

/** Fields that try to reach the prototype, spliced into any JSON object text. */
const PROTOTYPE_KEYS = [
  '"__proto__":{"polluted":"yes"}',
  '"constructor":{"prototype":{"polluted":"yes"}}',
  '"__proto__":null',
];

/**
 * Bodies an endpoint must refuse or survive (as JSON text): not an object at all; its own fields with
 * hostile values, some missing; a valid body with one field made hostile; a valid body with extra
 * fields or prototype keys; deep nesting; text that is not JSON.
 */
export function hostileBody(schema: z.ZodType): fc.Arbitrary<string> {
  const json = requestJsonSchema(schema);
  const fields = Object.keys(json.properties ?? {});
  const valid = validValue(json) as fc.Arbitrary<Record<string, unknown>>;
  const fieldName = fields.length > 0 ? fc.constantFrom(...fields) : fc.string({ maxLength: 8 });
  const stringify = (value: unknown) => JSON.stringify(value) ?? 'null';
  return fc.oneof(
    hostileValue.map(stringify),
    fc
      .record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] })
      .map(stringify),
    fc
      .tuple(valid, fieldName, hostileValue)
      .map(([body, field, value]) => stringify({ ...body, [field]: value })),
    fc
      .tuple(valid, fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { minKeys: 1, maxKeys: 3 }))
      .map(([body, extra]) => stringify({ ...extra, ...body })),
    fc
      .tuple(valid, fc.constantFrom(...PROTOTYPE_KEYS))
      .map(([body, key]) => stringify(body).replace(/^\{/, `{${key}${Object.keys(body).length ? ',' : ''}`)),
    fc.constantFrom(
      '{',
      '{"a":',
      '['.repeat(5000) + ']'.repeat(5000),
      '{"a":1,"a":2}',
      '\u0000',
      'null',
      '',
      '{"x":"\\ud800"}',
    ),
  );
}
