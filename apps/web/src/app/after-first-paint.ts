import { addPretendard } from '@/shared/fonts/pretendard.ts';
import { installClientReporter } from '@/shared/reporting/client-reporter.ts';

/**
 * What main.tsx loads after the first paint, in one chunk: Pretendard's font faces, and the
 * reporter of the app's own errors and Web Vitals (decision 042).
 */
addPretendard();
installClientReporter();

// Certifications kept on this device while offline are shown and sent (decision 048).
void import('@/features/home/offline/certify-queue.ts').then(({ startCertifyQueue }) => startCertifyQueue());
