/** What staff are told about their recovery codes left, shared by the sign-in answer and the Security panel. */

/** At this many unused codes or fewer, staff are warned to make new ones. */
export const RECOVERY_CODES_LOW = 3;

/** Whether `left` codes is few enough to warn. */
export const fewCodesLeft = (left: number) => left <= RECOVERY_CODES_LOW;

/** '9 codes left' ('1 code left', 'No codes left'). */
export const codesLeft = (left: number) => (left === 0 ? 'No recovery codes left' : `${left} recovery ${left === 1 ? 'code' : 'codes'} left`);

/** The sentence after a sign-in with a recovery code: how many are left, and, when few, what to do. */
export const codesLeftMessage = (left: number) =>
  fewCodesLeft(left) ? `${codesLeft(left)}: make new ones under Security before they run out.` : `${codesLeft(left)}.`;
