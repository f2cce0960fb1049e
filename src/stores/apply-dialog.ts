/** Whether the Apply Now dialog is open; any island may open it. */
import { atom } from 'nanostores';

export const $applyDialogOpen = atom(false);

/** Opens the Apply Now dialog. */
export const openApplyDialog = () => $applyDialogOpen.set(true);

/** Closes the Apply Now dialog. */
export const closeApplyDialog = () => $applyDialogOpen.set(false);
