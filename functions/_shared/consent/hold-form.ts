/**
 * How a form's function holds an under-18's submission (hold.ts): limited per guardian e-mail on
 * the client's network as well as by the form's own limits (decision 030), the request sealed
 * without where the visit came from (no tracking of children, DPDP Act s.9(3)), the guardian's
 * code mailed after the answer.
 */
import type { Context } from '@netlify/functions';
import type { Guardian } from '../../../src/lib/schemas/guardian-consent';
import { requestHash } from '../applications/applications';
import { afterAnswer } from '../platform/http';
import { languageOf } from '../platform/language';
import { byClient, byEmail, enforce, type Claim } from '../platform/limits';
import { deliver, originFor } from '../platform/outbox';
import { holdSubmission, type Held, type HeldForm } from './hold';

/** Counts a code mail to `email` from this client (5 a day per guardian address and network). */
export async function enforceGuardianLimit(req: Request, context: Context, email: string): Promise<void> {
  await enforce([['guardian:email', `${byEmail(email)}@${byClient(req, context)}`]]);
}

/** Sends a hold's code mail after the answer. */
export async function mailAfter(context: Context, held: Held): Promise<Response> {
  if (held.queued) await afterAnswer(context, () => deliver(held.queued!.outboxId, held.queued!.mail));
  return held.response;
}

/**
 * Holds the checked `input` of an enquiry form (Apply, contact) sent as `body`, spending the
 * form's site-wide ceiling only when a new hold is made; answers 202 (HeldAnswerSchema).
 */
export async function holdForm(
  context: Context,
  ceiling: Claim,
  form: HeldForm,
  req: Request,
  key: string | null,
  body: unknown,
  input: { name: string; attribution?: unknown; website?: string | undefined },
  guardian: Guardian,
): Promise<Response> {
  const { attribution: _, website: __, ...kept } = input;
  const held = await ceiling.spentBy(
    async () => {
      await enforceGuardianLimit(req, context, guardian.email);
      return holdSubmission({
        form,
        request: { body: kept, origin: originFor(req), language: languageOf(req), key, hash: requestHash(body) },
        childName: input.name,
        guardian,
      });
    },
    (result) => !result.replayed,
  );
  return mailAfter(context, held);
}
