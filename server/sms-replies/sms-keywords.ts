/** What a text message from a consumer asks for, read from its words. */
export enum SmsKeyword {
  AT_HOME = 'AT_HOME',
  CALL_ME = 'CALL_ME',
  MOVE = 'MOVE',
  STOP = 'STOP',
  START = 'START',
  OTHER = 'OTHER',
}

/**
 * The words that stop SMS to the number: ours, and the ones Twilio itself treats as an opt-out (so its block and our
 * store agree).
 */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
/** The words that let SMS go to the number again, likewise. */
const START_WORDS = new Set(['START', 'UNSTOP']);
const ANSWERS = new Map([
  ['1', SmsKeyword.AT_HOME],
  ['2', SmsKeyword.CALL_ME],
  ['3', SmsKeyword.MOVE],
]);

/** Spaces of every kind and the punctuation a phone adds or a finger slips on ("1.", " Stop! ", "stop all"). */
const IGNORED = /[\s\p{P}\p{Cf}\uFFFD]/gu;

/**
 * The keyword of a message: one of the answers 1, 2 and 3, or a stop or start word, in any case, with spaces and
 * punctuation ignored; anything else is OTHER. Read from the first 100 characters: a keyword is never longer.
 */
export function keywordOf(body: string): SmsKeyword {
  const word = body.slice(0, 100).normalize('NFKC').replace(IGNORED, '').toUpperCase();
  const answer = ANSWERS.get(word);
  if (answer) return answer;
  if (STOP_WORDS.has(word)) return SmsKeyword.STOP;
  if (START_WORDS.has(word)) return SmsKeyword.START;
  return SmsKeyword.OTHER;
}
