/**
 * S3's POST-object rules, for the places that must enforce them as S3 does: the local stand-in of
 * the bucket (functions/uploads-local.ts) and the tests' fake S3. A policy is a JSON document
 * `{expiration, conditions}`; every form field but the policy, the signature, the file and
 * `x-ignore-*` must be named by a condition; a refusal is answered with S3's XML error (the
 * browser's uploader reads its code and message). Pure: no environment, no I/O.
 */

/** A refusal, with S3's status, code and message. */
export interface PostRefusal {
  status: number;
  code: string;
  message: string;
  /** More elements of S3's answer (ProposedSize, MaxSizeAllowed…). */
  extra?: Record<string, string | number>;
}

/** The parsed policy: when it expires and its conditions, as written. */
export interface PostPolicyDocument {
  expiration: string;
  conditions: unknown[];
}

/** A refusal as S3 words it. */
const refusal = (status: number, code: string, message: string, extra?: PostRefusal['extra']): PostRefusal => ({
  status,
  code,
  message,
  ...(extra ? { extra } : {}),
});

/** S3's answer for any condition a form broke. */
const conditionFailed = (condition: unknown[]) =>
  refusal(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: [${condition.map((part) => JSON.stringify(part)).join(', ')}]`);

/** The fields S3 never asks a condition for. */
const exempt = (name: string) => ['policy', 'x-amz-signature', 'file'].includes(name) || name.startsWith('x-ignore-');

/** Decodes the base64 `policy` field; a refusal when it is not a policy document. */
export function decodePolicy(policy: string): PostPolicyDocument | PostRefusal {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    return refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null) return refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  const { expiration, conditions } = parsed as Record<string, unknown>;
  if (typeof expiration !== 'string' || Number.isNaN(Date.parse(expiration)))
    return refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Policy missing expiration.');
  if (!Array.isArray(conditions)) return refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Policy missing conditions.');
  return { expiration, conditions };
}

/** True for what decodePolicy and checkPolicy refuse with. */
export const isRefusal = (value: unknown): value is PostRefusal => typeof value === 'object' && value !== null && 'code' in value && 'status' in value;

/**
 * Checks a decoded policy against the form: not expired at `now`, each condition met by the
 * `fields` (names in lower case, as S3 compares them; `bucket` included) and the file's `size`,
 * and no field left without a condition. Null when the form may be stored.
 */
export function checkPolicy(policy: PostPolicyDocument, fields: Map<string, string>, size: number, now = new Date()): PostRefusal | null {
  if (Date.parse(policy.expiration) <= now.getTime()) return refusal(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  const covered = new Set<string>();
  for (const condition of policy.conditions) {
    const failed = checkCondition(condition, fields, size, covered);
    if (failed) return failed;
  }
  const extra = [...fields.keys()].filter((name) => !exempt(name) && !covered.has(name));
  if (extra.length) return refusal(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
  return null;
}

/** One condition: `{field: value}`, `["eq" | "starts-with", "$field", value]` or `["content-length-range", min, max]`. */
function checkCondition(condition: unknown, fields: Map<string, string>, size: number, covered: Set<string>): PostRefusal | null {
  if (Array.isArray(condition)) {
    const [operator, first, second] = condition as unknown[];
    if (operator === 'content-length-range' && typeof first === 'number' && typeof second === 'number') {
      if (size > second)
        return refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', { ProposedSize: size, MaxSizeAllowed: second });
      if (size < first)
        return refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', { ProposedSize: size, MinSizeAllowed: first });
      return null;
    }
    if ((operator === 'eq' || operator === 'starts-with') && typeof first === 'string' && first.startsWith('$') && typeof second === 'string') {
      const name = first.slice(1).toLowerCase();
      covered.add(name);
      const value = fields.get(name);
      const met = value !== undefined && (operator === 'eq' ? value === second : value.startsWith(second));
      return met ? null : conditionFailed(condition);
    }
    return refusal(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`);
  }
  if (typeof condition === 'object' && condition !== null && Object.keys(condition).length === 1) {
    const [[name, expected]] = Object.entries(condition) as [[string, unknown]];
    covered.add(name.toLowerCase());
    return fields.get(name.toLowerCase()) === expected ? null : conditionFailed(['eq', `$${name}`, expected]);
  }
  return refusal(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`);
}

/** Escapes text for an XML element. */
const xmlText = (value: string | number) => String(value).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** An XML document of one element holding `children` (S3's answer bodies). */
export function xmlDocument(root: string, children: Record<string, string | number>): string {
  const body = Object.entries(children)
    .map(([name, value]) => `<${name}>${xmlText(value)}</${name}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${body}</${root}>`;
}

/** S3's XML answer for a refusal. */
export function refusalResponse({ status, code, message, extra }: PostRefusal, requestId: string): Response {
  return new Response(xmlDocument('Error', { Code: code, Message: message, ...extra, RequestId: requestId }), {
    status,
    headers: { 'Content-Type': 'application/xml', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}
