/** A course picture staff upload (the admin's Courses form and the /api/admin/course-pictures functions). */
import { z } from './zod';

/** The largest picture accepted (the browser shrinks it far below this first). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** The types a course picture may be. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The message for a file of another type. */
export const PICTURE_TYPE_MESSAGE = 'Please choose a JPEG, PNG or WebP picture.';
/** The message for a file too large. */
export const PICTURE_SIZE_MESSAGE = 'This picture is larger than 5 MB. Please choose a smaller one.';
/** The message for a file that is not a picture, or a damaged one. */
export const PICTURE_DAMAGED_MESSAGE = 'This file could not be opened as a picture. Please choose another.';
/** The message for an upload that never arrived. */
export const PICTURE_UNFINISHED_MESSAGE = 'The picture did not finish uploading. Please choose it again.';
/** The message for an upload id that names no picture. */
export const PICTURE_NOT_FOUND_MESSAGE = 'This picture was not found. Please choose it again.';

/** POST /api/admin/course-pictures: the picture about to be uploaded. */
export const CoursePictureRequestSchema = z.object({
  /** Its Content-Type (the browser's word; the bytes decide after the upload). */
  type: z.enum(PICTURE_TYPES, { message: PICTURE_TYPE_MESSAGE }),
  /** Its size in bytes. */
  size: z
    .number({ message: PICTURE_SIZE_MESSAGE })
    .int(PICTURE_SIZE_MESSAGE)
    .min(1, 'This file is empty. Please choose another.')
    .max(MAX_PICTURE_BYTES, PICTURE_SIZE_MESSAGE),
});
export type CoursePictureRequest = z.input<typeof CoursePictureRequestSchema>;

/** The answer of POST /api/admin/course-pictures: where to post the file, and with which fields. */
export interface CoursePicturePolicy {
  id: string;
  url: string;
  fields: Record<string, string>;
}

/** The answer of the check: the picture's public address (the course's `image`) and its size. */
export interface CoursePictureChecked {
  path: string;
  width: number;
  height: number;
}

/** The public address of a kept course picture. */
export const coursePicturePath = (id: string) => `/api/course-pictures/${id}`;
