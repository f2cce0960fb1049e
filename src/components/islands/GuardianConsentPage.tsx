/**
 * /guardian-consent?id=…: where the link e-mailed to a parent or guardian leads. It reads the held
 * form (GET /api/guardian-consent?id=): which form, the child's name, the form's own itemised
 * notice to read (ApplyNotice with the hold's `noticeForm`, loaded as a chunk of its own), and
 * then the code and the boxes of the consent (GuardianConsentFields); a consent already given or
 * a form already deleted is said in words. In the page's language (its Hindi twin
 * /hi/guardian-consent is the link of a Hindi form).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { getJson } from '../../lib/api';
import { formatIndiaMoment } from '../../lib/india-time';
import { NOTICE_FORMS, noticeTitle, type NoticeForm } from '../../lib/privacy-notice';
import { HoldViewSchema, type HoldView } from '../../lib/schemas/guardian-consent';
import { GuardianConsentFields } from '../forms/GuardianConsentFields';
import { pageLocale, pagePath } from '../forms/page-locale';
import { ResendCode } from '../forms/ResendCode';
import { richText } from '../forms/rich-text';
import {
  consent_held_kept,
  consent_held_number,
  consent_notice_link,
  consent_page_done,
  consent_page_expired,
  consent_page_given,
  consent_page_intro,
  consent_page_loading,
  consent_page_not_found,
  consent_page_read,
  consent_page_sent_to,
} from '../../i18n/messages';

type Step = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'view'; view: HoldView } | { kind: 'done' };

/** The hold's id from the address (?id=…). */
const holdIdOf = () => new URLSearchParams(location.search).get('id')?.trim() ?? '';

/** A form's itemised notice (the same island the Apply dialog loads): its words load only here. */
const FormNotice = lazy(() => import('./ApplyNotice'));

/** The notice of the held form: its title, the notice itself (what is kept and why) and the privacy page. */
function Notice({ form, days }: { form: string; days: number | undefined }) {
  const locale = pageLocale();
  const known = (NOTICE_FORMS as string[]).includes(form);
  return (
    <div className="guardian-page__notice">
      <p>{consent_page_read()}</p>
      {known && (
        <>
          <p className="guardian-page__notice-title">{noticeTitle(form as NoticeForm, locale)}</p>
          <Suspense fallback={null}>
            <FormNotice form={form as NoticeForm} days={days} open />
          </Suspense>
        </>
      )}
      <p>
        <a href={pagePath('/privacy')} target="_blank" rel="noopener">
          {consent_notice_link()}
        </a>
      </p>
    </div>
  );
}

/** The guardian's page (see the module's comment). */
export default function GuardianConsentPage({ days }: { /** RETENTION_DAYS at build, for the application forms' notices. */ days?: number | undefined }) {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const said = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const id = holdIdOf();
    if (!/^[0-9a-f-]{36}$/i.test(id)) return setStep({ kind: 'failed', message: consent_page_not_found() });
    void getJson(`/api/guardian-consent?id=${encodeURIComponent(id)}`).then((result) => {
      const view = HoldViewSchema.safeParse(result.data);
      if (result.ok && view.success) setStep({ kind: 'view', view: view.data });
      else
        setStep({
          kind: 'failed',
          message: result.status === 404 || result.status === 400 ? consent_page_not_found() : result.data.message || consent_page_not_found(),
        });
    });
  }, []);

  useEffect(() => {
    if (step.kind === 'done') said.current?.focus();
  }, [step.kind]);

  if (step.kind === 'loading')
    return (
      <p className="guardian-page__state" role="status">
        {consent_page_loading()}
      </p>
    );
  if (step.kind === 'failed')
    return (
      <p className="guardian-page__state" role="alert">
        {step.message}
      </p>
    );
  if (step.kind === 'done')
    return (
      <p className="guardian-page__state guardian-page__done" role="status" tabIndex={-1} ref={said}>
        {consent_page_done()}
      </p>
    );

  const { view } = step;
  const locale = pageLocale();
  if (view.status !== 'waiting')
    return (
      <p className="guardian-page__state" role="status">
        {view.status === 'given' ? consent_page_given() : consent_page_expired()}
      </p>
    );
  return (
    <div className="guardian-page">
      <p>{richText(consent_page_intro({ child: view.childName, form: view.form, guardian: view.guardian.name }))}</p>
      <p>{richText(consent_held_number({ number: view.number }))}</p>
      <p>{richText(consent_held_kept({ until: formatIndiaMoment(view.expiresAt, locale) }))}</p>
      <p className="form-note">{consent_page_sent_to({ email: view.guardian.email })}</p>
      <GuardianConsentFields
        holdId={view.id}
        hasPhone={!!view.guardian.phone}
        notice={<Notice form={view.noticeForm} days={days} />}
        onConsented={() => setStep({ kind: 'done' })}
      />
      <ResendCode holdId={view.id} />
    </div>
  );
}
