import type { ButtonHTMLAttributes } from 'react';
import { messages } from '@/shared/messages.ts';
import styles from './kakao-login-button.module.css';

/** Kakao's own login button look: #FEE500, black symbol, 85% black label (Kakao design guide). */
export function KakaoLoginButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'>) {
  return (
    <button type="button" className={styles.button} {...props}>
      <svg className={styles.symbol} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3C6.48 3 2 6.58 2 11c0 2.86 1.88 5.37 4.7 6.78-.2.74-.74 2.68-.85 3.1-.13.52.19.51.4.37.17-.11 2.65-1.8 3.72-2.53.66.1 1.33.15 2.03.15 5.52 0 10-3.58 10-8S17.52 3 12 3Z" />
      </svg>
      {messages.auth.kakaoLogin}
    </button>
  );
}
