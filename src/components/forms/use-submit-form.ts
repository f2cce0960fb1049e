/**
 * The one way a form of the site is checked and sent. react-hook-form checks the fill with the
 * same zod schema as the endpoint (first on submit, then on every change: an error appearing on
 * blur would move the button from under the visitor's tap); the hook then sends it — to
 * `endpoint` with postJson, or through the caller's own `send` — with an Idempotency-Key that
 * stays the same across retries of one fill (so a double click or a retry after a network failure
 * is stored once) and is renewed once the server has answered (success, or a 4xx that stored
 * nothing). The server's per-field errors land on the fields (`documents.<slot>` included), the
 * overall failure is kept in the form and shown as a toast, and a status line reads 'Sending...',
 * then the success or the failure. A successful fill resets the form.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import type { z } from 'zod';
import { postJson, type ApiResult } from '../../lib/api';
import { fieldPathsOf, showFieldErrors } from './server-errors';
import { fallbackFailure } from './use-failure';

/** Where a form's sending stands. */
export type SubmitState = 'idle' | 'sending' | 'success' | 'failure';

/** The answer of a send: postJson's result. */
export type SubmitResult<Answer> = ApiResult<Answer>;

/** What `send` is given besides the checked values. */
export interface SendContext {
  /** The fill's Idempotency-Key (undefined when `idempotent` is false). */
  idempotencyKey: string | undefined;
}

export interface SubmitFormOptions<Input extends FieldValues, Output, Answer> {
  /** The shared zod schema of the payload (the endpoint checks the same). */
  schema: z.ZodType<Output, Input>;
  /** The fields' starting values, and what a successful fill resets to. Leave out on a form
   *  hydrated on first use, so that what was typed before it woke up stays. */
  defaultValues?: DefaultValues<Input> | undefined;
  /** Where to POST the values as JSON. Give this or `send`. */
  endpoint?: string | undefined;
  /** What is sent to `endpoint` (default: the checked values), e.g. with the visit's attribution. */
  body?: ((values: Output) => unknown) | undefined;
  /** Sends the fill yourself (another endpoint per form, the uploaded documents added, a store's
   *  action); answer postJson's result. */
  send?: ((values: Output, context: SendContext) => Promise<SubmitResult<Answer>>) | undefined;
  /** Sends an Idempotency-Key (default true). */
  idempotent?: boolean | undefined;
  /** Whether an answer is the success (default: a 2xx answer). */
  accept?: ((result: SubmitResult<Answer>) => boolean) | undefined;
  /** The status line's texts. `failure` is given the answer; by default the server's `message`,
   *  else 'Something went wrong. Please try again.'. */
  messages?:
    | {
        sending?: string | undefined;
        success?: string | ((data: SubmitResult<Answer>['data'], values: Output) => string) | undefined;
        failure?: string | ((result: SubmitResult<Answer>) => string | undefined) | undefined;
      }
    | undefined;
  /** Which toasts to show (default: the failure only; the page needs a ToastHost). */
  toasts?: { success?: boolean | undefined; failure?: boolean | undefined } | undefined;
  /** Resets the form to `defaultValues` after a success (default: true unless `navigates`). */
  resetOnSuccess?: boolean | undefined;
  /** The success leaves the page: the form stays busy until the next page has loaded. */
  navigates?: boolean | undefined;
  /** The server's error keys that are fields of this form (default: every key and `key.sub` of
   *  the schema's shape). Other keys are left to `onFailure`. */
  fields?: readonly string[] | undefined;
  /** Called after a success, after the reset. */
  onSuccess?: ((data: SubmitResult<Answer>['data'], values: Output, result: SubmitResult<Answer>) => void | Promise<void>) | undefined;
  /** Called first on a failure; answering 'handled' skips the field errors and the failure line. */
  onFailure?: ((result: SubmitResult<Answer>, values: Output) => void | 'handled') | undefined;
}

export interface SubmitForm<Input extends FieldValues, Output> {
  /** react-hook-form's own API (register, formState, setValue, …). */
  form: UseFormReturn<Input, unknown, Output>;
  /** The form's onSubmit handler. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  state: SubmitState;
  /** The status line: 'Sending...', the success or the failure text; '' before the first send. */
  statusText: string;
  /** The failure text while the last send failed, else '' (for FormAlert). */
  failure: string;
  /** True while sending, and after a success that leaves the page. */
  busy: boolean;
  /** Shows a failure of the caller's own (another button's request, say), like a failed send. */
  fail: (message: string | undefined) => void;
  /** Empties the failure and the status line. */
  clear: () => void;
  /** The server's errors of the last failed send that are not fields of this form. */
  otherErrors: Record<string, string>;
  /** The current Idempotency-Key. */
  idempotencyKey: string;
}

/** A fresh Idempotency-Key. */
const newKey = () => crypto.randomUUID();

/** Checks a form with its shared schema and sends it (see the module's comment). */
export function useSubmitForm<Input extends FieldValues, Output, Answer = object>(
  options: SubmitFormOptions<Input, Output, Answer>,
): SubmitForm<Input, Output> {
  const { schema, defaultValues, idempotent = true, navigates = false, resetOnSuccess = !navigates } = options;
  const form = useForm<Input, unknown, Output>({
    resolver: standardSchemaResolver(schema),
    ...(defaultValues && { defaultValues }),
  });
  // A ref as well as state: the key must be read by the send under way, not a stale render's.
  const key = useRef(newKey());
  const [idempotencyKey, setIdempotencyKey] = useState(key.current);
  const [state, setState] = useState<SubmitState>('idle');
  const [statusText, setStatusText] = useState('');
  const [leaving, setLeaving] = useState(false);
  const [otherErrors, setOtherErrors] = useState<Record<string, string>>({});
  const fields = useMemo(() => options.fields ?? fieldPathsOf(schema), [options.fields, schema]);

  const renewKey = () => {
    key.current = newKey();
    setIdempotencyKey(key.current);
  };
  const fail = (message: string | undefined) => {
    const text = message || fallbackFailure();
    setState('failure');
    setStatusText(text);
    if (options.toasts?.failure ?? true) toast.error(text);
  };
  const clear = () => {
    setState('idle');
    setStatusText('');
    setOtherErrors({});
  };

  const send = async (values: Output): Promise<SubmitResult<Answer>> => {
    const context = { idempotencyKey: idempotent ? key.current : undefined };
    if (options.send) return options.send(values, context);
    if (!options.endpoint) throw new Error('useSubmitForm needs an endpoint or a send function.');
    const body = options.body ? options.body(values) : values;
    return postJson<Answer>(options.endpoint, body, { idempotencyKey: context.idempotencyKey });
  };

  const onValid = async (values: Output) => {
    const { messages = {} } = options;
    setOtherErrors({});
    setState('sending');
    setStatusText(messages.sending ?? '');
    const result = await send(values);
    // The server has answered: this fill is stored, or was refused and stored nothing. Either
    // way the next attempt is a new request. (After a 5xx or a network failure it may have been
    // stored, so a retry keeps the key.)
    if (result.status >= 200 && result.status < 500) renewKey();
    const accepted = options.accept ? options.accept(result) : result.ok;
    if (accepted) {
      const success = typeof messages.success === 'function' ? messages.success(result.data, values) : (messages.success ?? result.data.message ?? '');
      if (navigates) setLeaving(true);
      if (resetOnSuccess) form.reset(defaultValues);
      setState('success');
      setStatusText(success);
      if (options.toasts?.success && success) toast.success(success);
      await options.onSuccess?.(result.data, values, result);
      return;
    }
    if (options.onFailure?.(result, values) === 'handled') {
      clear();
      return;
    }
    setOtherErrors(showFieldErrors(result.data.errors, fields, form.setError));
    const failure = typeof messages.failure === 'function' ? messages.failure(result) : result.data.message || messages.failure;
    fail(failure);
  };

  return {
    form,
    onSubmit: form.handleSubmit(onValid),
    state,
    statusText,
    failure: state === 'failure' ? statusText : '',
    busy: form.formState.isSubmitting || leaving,
    fail,
    clear,
    otherErrors,
    idempotencyKey,
  };
}
