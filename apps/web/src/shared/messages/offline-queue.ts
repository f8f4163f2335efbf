/**
 * What the device's queue says when it sends the certifications made without a connection (decision
 * 048). Apart from offline.ts so the queue's chunk and the sheet's share no chunk of their own.
 */
export const offlineQueueMessages = {
  /** Sent once the connection returned. */
  sent: '연결되어 인증을 보냈어요',
  /** The server would not count it any more (made more than a day ago, or its round has ended). */
  tooLate: '인증한 지 하루가 지나 보내지 못했어요. 오늘 미션을 다시 인증해 주세요.',
  /** Too many certifications for an earlier day today. */
  tooMany: '지난 날 인증은 하루에 몇 번만 보낼 수 있어요. 내일 다시 시도해 주세요.',
  /** Someone already certified that mission that day (another device). */
  already: '이미 인증한 미션이라 보관한 인증은 지웠어요.',
  /** Any other refusal. */
  refused: '보관한 인증을 보내지 못했어요. 다시 인증해 주세요.',
};
