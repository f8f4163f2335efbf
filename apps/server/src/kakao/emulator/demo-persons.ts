import type { EmulatorPersonInput } from './persons.ts';

/** The seeded demo parent (README): an adult with a phone number who consents. */
export const DEMO_PARENT_KAKAO_ID = '4281937465';

/** The emulator's default test persons: one per interesting outcome of the login flow. */
export const demoPersons: readonly EmulatorPersonInput[] = [
  {
    id: DEMO_PARENT_KAKAO_ID,
    name: '김하늘',
    birthyear: '1988',
    birthday: '0417',
    phoneNumber: '+82 10-2481-3579',
    consent: 'given',
  },
  // A seeded family's parent with a child (family 9 of the demo data): another family for team tests.
  {
    id: '3900063352',
    name: '장수아',
    birthyear: '1983',
    birthday: '0918',
    phoneNumber: '+82 10-5296-1424',
    consent: 'given',
  },
  // Under 19: the login ends in UNDER19.
  {
    id: '5173920486',
    name: '이도윤',
    birthyear: '2010',
    birthday: '0505',
    phoneNumber: '+82 10-3692-5814',
    consent: 'given',
  },
  // No phone number: the login ends in EMPTY_PHONE_NUMBER.
  {
    id: '6392048175',
    name: '박서진',
    birthyear: '1992',
    birthday: '0909',
    phoneNumber: null,
    consent: 'given',
  },
];
