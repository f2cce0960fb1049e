/** The schemas of the records staff keep, as the admin forms and the functions both parse them. */
import { describe, expect, it } from 'vitest';
import { CourseFieldsSchema } from '../../src/lib/schemas/course';
import { MarqueeMessageSchema } from '../../src/lib/schemas/marquee';

const course = {
  title: 'Tally Prime with GST',
  category: 'Accounting',
  duration: '3 months',
  description: 'Vouchers, GST returns and payroll in Tally Prime.',
  image: '/images/tally.webp',
};

describe('course fields', () => {
  it('takes the price as typed in a form, and an empty price is no price', () => {
    expect(CourseFieldsSchema.parse({ ...course, price: ' 4500 ' }).price).toBe(4500);
    expect(CourseFieldsSchema.parse({ ...course, price: 0 }).price).toBe(0);
    for (const price of ['', '   ', null, undefined, 'abc', '12.5', -1]) {
      const result = CourseFieldsSchema.safeParse({ ...course, price });
      expect(result.success, String(price)).toBe(false);
      expect(result.error?.issues[0]?.path, String(price)).toEqual(['price']);
    }
  });
});

describe('announcements', () => {
  it('refuse blank and whitespace-only text, and trim the rest', () => {
    expect(MarqueeMessageSchema.parse({ message: '  Admissions open  ' }).message).toBe('Admissions open');
    for (const message of ['', '   ', '\n\t']) expect(MarqueeMessageSchema.safeParse({ message }).success).toBe(false);
  });
});

describe('a course’s picture', () => {
  it('is optional: left out, null or blank is no picture', () => {
    const { image: _, ...withoutPicture } = course;
    expect(CourseFieldsSchema.parse({ ...withoutPicture, price: 100 }).image).toBe('');
    expect(CourseFieldsSchema.parse({ ...course, price: 100, image: null }).image).toBe('');
    expect(CourseFieldsSchema.parse({ ...course, price: 100, image: '  ' }).image).toBe('');
    expect(CourseFieldsSchema.parse({ ...course, price: 100, image: ' /og-image.jpg ' }).image).toBe('/og-image.jpg');
    expect(CourseFieldsSchema.safeParse({ ...course, price: 100, image: '//evil.example/x.jpg' }).success).toBe(false);
  });
});
