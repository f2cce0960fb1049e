/**
 * The order vitest starts the test files in: the longest first, whatever their project, so the
 * last minutes are not one long file running alone while the other workers wait. Vitest's own
 * order runs the projects one after the other (by name), each ending on its long files' tail.
 *
 * A file's length is its duration in the last run on this machine (vitest's cache); a file with
 * none (a fresh clone, as in CI) is placed by the seconds below, measured on a 2-core machine,
 * and then by its size.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files of 20 s or more in a full run (`project:path`), with their seconds there. */
export const LONG_FILES: Record<string, number> = {
  'api:tests/api/authorisation.test.ts': 57,
  'functions:tests/functions/function-bundles.test.ts': 56,
  'functions:tests/functions/input-fuzz.test.ts': 53,
  'functions:tests/functions/lockouts.test.ts': 40,
  'functions:tests/functions/limits-failures.test.ts': 36,
  'api:tests/api/user.test.ts': 33,
  'api:tests/api/sessions.test.ts': 31,
  'api-postgresql:tests/api/user.test.ts': 24,
  'functions:tests/functions/limits-ceilings.test.ts': 21,
};

/** Seconds a file of `bytes` is guessed to take without a measurement (about 1 s per 5 KB). */
const guess = (bytes: number) => bytes / 5000;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = new Map(
      files.map((spec) => {
        const measured = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
        if (measured != null) return [spec, measured / 1000];
        const key = `${spec.project.name}:${path.relative(root, spec.moduleId).split(path.sep).join('/')}`;
        return [spec, LONG_FILES[key] ?? guess(statSync(spec.moduleId).size)];
      }),
    );
    return [...files].sort((a, b) => seconds.get(b)! - seconds.get(a)!);
  }
}
