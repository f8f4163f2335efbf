/** Part of the message catalog (shared/messages.ts): push reminders. */

/** Push reminders (decision 047): /my's settings and the offer after a first certification. */
export const pushMessages = {
  title: '알림 설정',
  description: '정한 시간에 오늘 미션이 남아 있으면 알려 드려요.',
  unsupported:
    '이 브라우저에서는 알림을 받을 수 없어요. 홈 화면에 추가한 앱이나 다른 브라우저에서 켜 주세요.',
  denied: '알림이 차단되어 있어요. 브라우저 설정에서 함께미션의 알림을 허용해 주세요.',
  deviceOn: '이 기기에서 알림을 받고 있어요',
  enable: '이 기기에서 알림 받기',
  disable: '이 기기 알림 끄기',
  enabled: '알림을 켰어요',
  disabled: '이 기기 알림을 껐어요',
  failed: '알림을 켜지 못했어요. 잠시 뒤 다시 시도해 주세요.',
  daily: '매일 미션 알림',
  dailyTime: '알림 시간',
  invitation: '팀 초대를 받았을 때',
  teamDone: '팀원 가족이 오늘 미션을 마쳤을 때',
  roundResults: '라운드 결과가 나왔을 때',
  rewardPaid: '보상이 지급됐을 때',
  followsParent: '알림 설정은 보호자가 정해요. 밤 9시 30분부터 아침 8시까지는 알림을 보내지 않아요.',
  saved: '알림 설정을 저장했어요',
  offerTitle: '내일도 잊지 않게 알려 드릴까요?',
  offerBody: '오늘 미션이 남아 있으면 저녁 8시에 알려 드려요. 시간은 마이에서 바꿀 수 있어요.',
  /** A child's reminders follow their parent's choices (docs/architecture.md, push): nothing to change on /my. */
  offerBodyChild: '오늘 미션이 남아 있으면 보호자가 정한 시간에 알려 드려요.',
  offerAccept: '알림 받기',
  offerLater: '괜찮아요',
};
