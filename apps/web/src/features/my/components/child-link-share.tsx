import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { formatSeoulDayTime } from '@/shared/format/date.ts';
import { shareLink, urlOnOrigin } from '@/shared/lib/share.ts';
import { Button } from '@/shared/ui/button.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import styles from './my.module.css';
import { shareMessages } from '@/shared/messages/missions.ts';
import { childInviteMessages } from '@/shared/messages/my.ts';

export interface MadeChildLink {
  /** `/login/id/{token}` or `/login/pw/{token}`, as the server answered. */
  path: string;
  expiresAt: string;
}

interface ChildLinkShareProps {
  link: MadeChildLink;
  /** The share sheet's title and text. */
  shareTitle: string;
  shareText: string;
}

/**
 * A link made for a child: its full address (selectable), "링크 공유하기" (share sheet, else copy)
 * and until when it works.
 */
export function ChildLinkShare({ link, shareTitle, shareText }: ChildLinkShareProps) {
  const url = urlOnOrigin(window.location.origin, link.path);
  const [sharing, setSharing] = useState(false);

  const share = async () => {
    if (sharing) return;
    setSharing(true);
    try {
      const outcome = await shareLink({ url, title: shareTitle, text: shareText });
      if (outcome === 'copied') showToast(shareMessages.copied);
      if (outcome === 'failed') showToast(shareMessages.failed);
    } finally {
      setSharing(false);
    }
  };

  return (
    <div className={styles.linkShare}>
      <TextField
        label={childInviteMessages.linkLabel}
        name="childLink"
        value={url}
        onValueChange={() => undefined}
        onFocus={(event) => event.currentTarget.select()}
        hint={childInviteMessages.expires(formatSeoulDayTime(link.expiresAt))}
        readOnly
        spellCheck={false}
      />
      <Button block busy={sharing} onClick={() => void share()}>
        <Share2 aria-hidden="true" size={20} />
        {childInviteMessages.share}
      </Button>
    </div>
  );
}
