import { describe, expect, it } from 'vitest';
import { keywordOf, SmsKeyword } from '../../../server/sms-replies/sms-keywords.js';

describe('the keyword of a text message a consumer sends', () => {
  it('reads the answers 1, 2 and 3 with the spaces and punctuation a phone adds', () => {
    expect(['1', ' 1 ', '1.', '1!', '\u00a01\n', '１'].map(keywordOf)).toEqual(Array(6).fill(SmsKeyword.AT_HOME));
    expect(keywordOf('2')).toBe(SmsKeyword.CALL_ME);
    expect(keywordOf('3')).toBe(SmsKeyword.MOVE);
  });

  it('reads STOP, STOP ALL, STOPALL and UNSUBSCRIBE in any case, and START', () => {
    for (const body of ['STOP', 'stop', 'Stop all', 'STOP ALL', 'stopall', 'Unsubscribe', ' stop. ', 'QUIT']) {
      expect(keywordOf(body), body).toBe(SmsKeyword.STOP);
    }
    expect(keywordOf('Start')).toBe(SmsKeyword.START);
  });

  it('takes anything else as other text: more than the answer, a number beyond 3, nothing, or no UTF-8', () => {
    for (const body of ['1 ik ben thuis', '12', '4', '0', '', 'stop het', 'Hoe laat?', '\uFFFD', 'x'.repeat(2000)]) {
      expect(keywordOf(body), body).toBe(SmsKeyword.OTHER);
    }
  });
});
