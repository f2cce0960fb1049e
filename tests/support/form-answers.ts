/**
 * A valid answer for every field of each application form, for a new applicant each time (a new
 * mobile number and e-mail address): what the in-process tests send and what the browser tests
 * post through the API to have an application to look at. Plain values only, so that Vitest and
 * Playwright can both import it.
 */
import type { ApplicationForm } from '../../src/lib/schemas/uploads';

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;
/** A new 10-digit mobile number. */
export const newMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
/** A new e-mail address. */
export const newEmail = (label = 'applicant') => `${label}.${unique()}@example.in`;

/** A valid answer for each field of `form` (a new mobile number and e-mail address each time), an adult's ("Are you under 18?" no). */
export function answersOf(form: ApplicationForm): Record<string, string> {
  return { age: 'adult', ...fieldAnswersOf(form) };
}

/** The form's own fields' answers. */
function fieldAnswersOf(form: ApplicationForm): Record<string, string> {
  switch (form) {
    case 'emitra':
      return {
        name: 'Ramesh Kumar',
        fatherName: 'Suresh Kumar',
        dob: '1990-05-14',
        permanentAddress: 'Ward 4, Main Road, Pali',
        currentAddress: 'Ward 4, Main Road, Pali',
        aadharNo: '234123412346',
        email: newEmail(),
        panNo: 'ABCDE1234F',
        janAadharNo: '1234567890',
        contactNumber: newMobile(),
        location: 'Rural',
        kioskName: 'Ramesh e-Mitra',
        ssoId: 'RAMESH.K',
        policeStation: 'Kotwali',
        kioskAddress: 'Shop 2, Bus Stand',
        tehsil: 'Pali',
        municipality: 'Pali',
        wardOrVillage: 'Ward 4',
        pincode: '306401',
        bankAccountNumber: '12345678901',
        ifsc: 'SBIN0001234',
        bankName: 'State Bank of India',
        accountHolder: 'Ramesh Kumar',
        correspondentBank: 'Bank of Baroda',
        correspondentIfsc: 'BARB0PALIXX',
        odAccount: '998877665544',
        koCode: 'KO123',
      };
    case 'csc':
      return {
        name: 'Sunita Devi',
        email: newEmail(),
        contact: newMobile(),
        motherName: 'Kamla Devi',
        fatherName: 'Mohan Lal',
        accountNumber: '123456789012',
        ifscCode: 'PUNB0123400',
        bankName: 'Punjab National Bank',
        voterIdNumber: 'ABC1234567',
        tecNumber: 'TEC-778',
        nomineeName: 'Mohan Lal',
        nomineeDob: '2001-02-03',
        nomineeRelation: 'Father',
      };
    case 'iibf':
      return { applicantName: 'Pooja Sharma', email: newEmail(), mobile: newMobile(), motherName: 'Geeta Sharma', fatherName: 'Raj Sharma' };
    case 'nielit':
      return {
        name: 'Arjun Singh',
        fatherName: 'Vikram Singh',
        mobile: newMobile(),
        email: newEmail(),
        dob: '2005-08-20',
        casteCategory: 'OBC',
        neilitCourse: 'CCC',
      };
  }
}
