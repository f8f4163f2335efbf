import { z } from 'zod';

/**
 * Runtime configuration the server hands the web app, inlined into index.html as
 * `window.__APP_CONFIG__` so the first paint needs no extra call.
 */
export const appConfigSchema = z.object({
  company: z.object({
    name: z.string(),
    ceo: z.string(),
    businessNumber: z.string(),
    address: z.string(),
    customerServicePhone: z.string(),
    inquiryEmail: z.string(),
  }),
  /** Kakao JavaScript key for sharing; `null` when not configured. */
  kakaoJsKey: z.string().nullable(),
  /** Absolute URL of the static welcome page `/welcome` leaves to. */
  welcomeUrl: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export { APP_CONFIG_GLOBAL } from '../route.ts';
