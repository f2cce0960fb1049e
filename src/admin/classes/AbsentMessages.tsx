/**
 * Under a saved register (just saved, or opened again): the absent students as saved, each with one-tap WhatsApp messages (wa.me
 * links) to the student and to their guardian, from the absence templates of
 * content/whatsapp.json: at first each in the student's own language (named beside their name),
 * or all in English or all in Hindi if staff choose. Staff still press Send in WhatsApp themselves.
 * A minor's message goes only to the guardian who agreed to WhatsApp (on the mobile they gave with
 * their consent); where none may go, words say why instead (decision 053).
 */
import { useId, useState } from 'react';
import whatsapp from '../../../content/whatsapp.json';
import { dayInWords } from '../../lib/attendance-words';
import type { Register } from '../../lib/schemas/attendance';
import { fillAbsence, LANGUAGE_WORDS, languageOf, whatsAppLink, type AbsenceLanguage } from '../../lib/whatsapp';
import { noMessagingWords } from '../../lib/schemas/messaging';
import { useAppInfo } from '../app-info';

/** The first word of a name, as a button says it ('WhatsApp Sunita'). */
const firstName = (name: string | null) => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** Whose language the messages are in: each student's own, or one for everybody. */
type Choice = 'own' | AbsenceLanguage;

export default function AbsentMessages({ register }: { register: Register }) {
  const id = useId();
  const { siteName } = useAppInfo();
  const [choice, setChoice] = useState<Choice>('own');
  const absent = register.students.filter((s) => s.mark === 'absent');
  /** The language of a student's messages, and its templates. */
  const messagesOf = (s: (typeof absent)[number]) => {
    const language = choice === 'own' ? languageOf(s) : choice;
    const template = whatsapp.absence.find((t) => t.language === language) ?? whatsapp.absence[0]!;
    const values = {
      name: s.name,
      guardian: s.messaging?.to === 'guardian' ? s.messaging.guardian : s.guardianName,
      batch: register.batch,
      course: register.course,
      day: dayInWords(register.day, language),
      institute: siteName,
    };
    return { student: fillAbsence(template.student, language, values), guardian: fillAbsence(template.guardian, language, values) };
  };

  return (
    <section className="admin-box register__absent" aria-labelledby={id}>
      <h2 id={id} className="admin-subheading">
        Absent ({absent.length})
      </h2>
      {absent.length === 0 ? (
        <p>Nobody was absent.</p>
      ) : (
        <>
          <fieldset className="register__language">
            <legend>Message in</legend>
            <label>
              <input type="radio" name={`${id}-language`} checked={choice === 'own'} onChange={() => setChoice('own')} />
              Each student’s own language
            </label>
            {whatsapp.absence.map((t) => (
              <label key={t.language} lang={t.language}>
                <input type="radio" name={`${id}-language`} checked={choice === t.language} onChange={() => setChoice(t.language as AbsenceLanguage)} />
                {t.label}
              </label>
            ))}
          </fieldset>
          <ul className="register__messages">
            {absent.map((s) => {
              const messages = messagesOf(s);
              return (
                <li key={s.studentId}>
                  <strong>{s.name}</strong> <span className="admin-note">({LANGUAGE_WORDS[languageOf(s)]})</span>
                  <div className="btn-row">
                    {noMessagingWords(s.messaging) ? (
                      <span className="admin-note">{noMessagingWords(s.messaging)}.</span>
                    ) : s.messaging?.to === 'guardian' ? (
                      <a className="btn btn--sm" href={whatsAppLink(s.messaging.phone, messages.guardian)} target="_blank" rel="noopener noreferrer">
                        WhatsApp {firstName(s.name)}’s guardian ({firstName(s.messaging.guardian)})
                      </a>
                    ) : (
                      <>
                        {s.phone ? (
                          <a className="btn btn--sm" href={whatsAppLink(s.phone, messages.student)} target="_blank" rel="noopener noreferrer">
                            WhatsApp {firstName(s.name)}
                          </a>
                        ) : (
                          <span className="admin-note">No mobile number for {s.name}.</span>
                        )}
                        {s.guardianPhone && (
                          <a
                            className="btn btn--sm btn--outline"
                            href={whatsAppLink(s.guardianPhone, messages.guardian)}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            WhatsApp {firstName(s.name)}’s guardian{s.guardianName ? ` (${firstName(s.guardianName)})` : ''}
                          </a>
                        )}
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
