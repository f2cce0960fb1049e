// The interface's messages are complete in both languages: every message of content/messages/
// <area>/en.json has its Hindi in hi.json and the reverse, with the same {placeholders}, and no
// message is empty. Paraglide would otherwise show the English on a Hindi page without a word.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../content/messages/', import.meta.url));

/** The placeholders of a message, sorted: "Hello {name}" → ['name']. */
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every problem found, each naming its file and message; [] when all is well. */
export function checkMessages(dir = root) {
  const problems = [];
  const seen = new Map();
  for (const area of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const file = (locale) => path.join(dir, area.name, `${locale}.json`);
    const read = (locale) => {
      try {
        return JSON.parse(readFileSync(file(locale), 'utf8'));
      } catch (error) {
        problems.push(`content/messages/${area.name}/${locale}.json: ${error.message}`);
        return {};
      }
    };
    const [en, hi] = [read('en'), read('hi')];
    const keys = (messages) => Object.keys(messages).filter((key) => key !== '$schema');
    for (const [locale, messages, other, otherLocale] of [
      ['en', en, hi, 'hi'],
      ['hi', hi, en, 'en'],
    ]) {
      for (const key of keys(messages)) {
        const where = `content/messages/${area.name}/${locale}.json, "${key}"`;
        if (typeof messages[key] !== 'string' || !messages[key].trim()) problems.push(`${where}: must be a non-empty text`);
        if (!(key in other)) problems.push(`${where}: missing in ${otherLocale}.json`);
        else if (locale === 'en' && placeholders(messages[key]).join() !== placeholders(String(other[key])).join()) {
          problems.push(`${where}: its placeholders {${placeholders(messages[key]).join('} {')}} differ from ${otherLocale}.json's`);
        }
      }
    }
    for (const key of keys(en)) {
      if (seen.has(key)) problems.push(`content/messages/${area.name}/en.json, "${key}": also in ${seen.get(key)} (names are shared by every area)`);
      seen.set(key, `content/messages/${area.name}`);
    }
  }
  // Each area's files must be listed for the compiler, or its messages would silently be missing.
  const settings = JSON.parse(readFileSync(fileURLToPath(new URL('../src/i18n/project.inlang/settings.json', import.meta.url)), 'utf8'));
  const listed = settings['plugin.inlang.messageFormat'].pathPattern;
  for (const area of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    if (!listed.includes(`../../content/messages/${area.name}/{locale}.json`)) {
      problems.push(`content/messages/${area.name}: not listed in src/i18n/project.inlang/settings.json (pathPattern)`);
    }
  }
  return problems;
}
