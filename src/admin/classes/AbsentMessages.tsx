/**
 * Under a saved register (just saved, or opened again): the absent students as saved, each with one-tap WhatsApp messages (wa.me
 * links) to the student and to their guardian, from the absence templates of
 * content/whatsapp.json in English or Hindi. Staff still press Send in WhatsApp themselves.
 */
import { useId, useState } from 'react';
import whatsapp from '../../../content/whatsapp.json';
import { dayInWords } from '../../lib/attendance-words';
import type { Register } from '../../lib/schemas/attendance';
import { fillAbsence, whatsAppLink, type AbsenceLanguage } from '../../lib/whatsapp';
import { useAppInfo } from '../app-info';

/** The first word of a name, as a button says it ('WhatsApp Sunita'). */
const firstName = (name: string | null) => (name ?? '').trim().split(/\s+/)[0] ?? '';

export default function AbsentMessages({ register }: { register: Register }) {
  const id = useId();
  const { siteName } = useAppInfo();
  const [language, setLanguage] = useState<AbsenceLanguage>('en');
  const template = whatsapp.absence.find((t) => t.language === language) ?? whatsapp.absence[0]!;
  const absent = register.students.filter((s) => s.mark === 'absent');
  const values = (s: (typeof absent)[number]) => ({
    name: s.name,
    guardian: s.guardianName,
    batch: register.batch,
    course: register.course,
    day: dayInWords(register.day, language),
    institute: siteName,
  });

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
            {whatsapp.absence.map((t) => (
              <label key={t.language} lang={t.language}>
                <input type="radio" name={`${id}-language`} checked={language === t.language} onChange={() => setLanguage(t.language as AbsenceLanguage)} />
                {t.label}
              </label>
            ))}
          </fieldset>
          <ul className="register__messages">
            {absent.map((s) => (
              <li key={s.studentId}>
                <strong>{s.name}</strong>
                <div className="btn-row">
                  {s.phone ? (
                    <a
                      className="btn btn--sm"
                      href={whatsAppLink(s.phone, fillAbsence(template.student, language, values(s)))}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      WhatsApp {firstName(s.name)}
                    </a>
                  ) : (
                    <span className="admin-note">No mobile number for {s.name}.</span>
                  )}
                  {s.guardianPhone && (
                    <a
                      className="btn btn--sm btn--outline"
                      href={whatsAppLink(s.guardianPhone, fillAbsence(template.guardian, language, values(s)))}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      WhatsApp {firstName(s.name)}’s guardian{s.guardianName ? ` (${firstName(s.guardianName)})` : ''}
                    </a>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
