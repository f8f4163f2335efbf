/**
 * What the device's queue of certifications made without a connection says when it sends them
 * (issue 29 item 3, decision 048). The card's two words are in missions.ts
 * (/home's first load); these come with the sheet and the queue.
 */
export const offlineMessages = {
  /** Kept on this device without a connection: the toast as the sheet closes. */
  queued: '연결되면 보낼게요. 인증은 만든 날로 기록돼요.',
  /** A photo picked without a connection: kept here, uploaded with the certification. */
  photoWaiting: (index: number) => `사진 ${index}: 연결되면 올릴게요`,
};
