import { addPretendard } from '@/shared/fonts/pretendard.ts';
import { startCertifyQueueIfKept } from '@/features/home/offline/queue-start.ts';
import { installClientReporter } from '@/shared/reporting/client-reporter.ts';

/**
 * What main.tsx loads after the first paint, in one chunk: Pretendard's font faces, and the
 * reporter of the app's own errors and Web Vitals (decision 042).
 */
addPretendard();
installClientReporter();

// Certifications kept on this device while offline are shown and sent (decision 048); the queue's
// code is loaded only when there are some.
void startCertifyQueueIfKept();
