/**
 * "Are you under 18?" as every form where a person gives their own data asks it first (decision
 * 053): the answer (`age`) and, for an under-18, their parent's or guardian's details (`guardian`),
 * checked with the contract's schemas (src/lib/schemas/guardian-consent.ts) and added to a form's
 * own schema, so the form sends them with everything else.
 */
import { z } from '../../lib/schemas/zod';
import {
  AgeSchema,
  GuardianSchema,
  HeldAnswerSchema,
  type AgeAnswer,
  type Guardian,
  type GuardianRelation,
  type HeldAnswer,
} from '../../lib/schemas/guardian-consent';

/** How long a minor's form waits for consent before it is deleted (the server's HOLD_HOURS, 72). */
export const HOLD_DAYS = 3;

/** The two fields as the form holds them (strings while typed; the radio unset at first). */
export interface AgeValues {
  age?: AgeAnswer | '' | undefined;
  guardian?: { name?: string; relation?: GuardianRelation | ''; email?: string; phone?: string } | undefined;
}

/** The two fields as they are sent. */
export interface AgeOutput {
  age: AgeAnswer;
  guardian?: Guardian | undefined;
}

/** The server's error keys the question's fields show. */
export const AGE_FIELD_PATHS = ['age', 'guardian', 'guardian.name', 'guardian.relation', 'guardian.email', 'guardian.phone'] as const;

/**
 * The answer and the guardian: the guardian is checked (and sent) only for an under-18, an empty
 * mobile is left out.
 */
export const AgeQuestionSchema = z.object({ age: AgeSchema, guardian: z.unknown().optional() }).transform((values, ctx) => {
  if (values.age !== 'minor') return { age: values.age };
  const typed = (values.guardian ?? {}) as Record<string, unknown>;
  const guardian = GuardianSchema.safeParse({ ...typed, phone: typed.phone ? typed.phone : undefined });
  if (guardian.success) return { age: values.age, guardian: guardian.data };
  for (const issue of guardian.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['guardian', ...issue.path] });
  return z.NEVER;
});

/** A form's schema with the age question added: both are checked, their outputs put together. */
export const withAgeQuestion = <Output, Input>(schema: z.ZodType<Output, Input>): z.ZodType<Output & AgeOutput, Input & AgeValues> =>
  z.preprocess(tidyAge, z.intersection(schema, AgeQuestionSchema)) as unknown as z.ZodType<Output & AgeOutput, Input & AgeValues>;

/**
 * The fill as both schemas read it: no guardian unless under 18 (details typed before the answer
 * changed stay in the form, not in what is checked and sent), and no empty mobile.
 */
function tidyAge(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  const { guardian, ...rest } = input as Record<string, unknown> & { guardian?: Record<string, unknown> };
  if (rest['age'] !== 'minor' || !guardian || typeof guardian !== 'object') return rest;
  const { phone, ...others } = guardian;
  return { ...rest, guardian: phone ? { ...others, phone } : others };
}

/** The server's key of a form's schema with the question: its own fields and the question's. */
export const withAgeFields = (fields: readonly string[]): string[] => [...fields, ...AGE_FIELD_PATHS];

/** A held submission as the form's waiting step needs it. */
export type Held = HeldAnswer['held'] & {
  /** Whether the form gave the guardian's mobile (only then is WhatsApp offered). */
  hasPhone: boolean;
};

/** The held submission of a 202 answer (an under-18's form waiting for consent) sent with `values`, else null. */
export const heldOf = (result: { status: number; data: unknown }, values?: object): Held | null => {
  if (result.status !== 202) return null;
  const answer = HeldAnswerSchema.safeParse(result.data);
  return answer.success ? { ...answer.data.held, hasPhone: !!(values as Partial<AgeOutput> | undefined)?.guardian?.phone } : null;
};
