import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import { installClientReporter } from '@/shared/reporting/client-reporter.ts';

/**
 * What main.tsx loads after the first paint, in one chunk: Pretendard's @font-face rules, and the
 * reporter of the app's own errors and Web Vitals (decision 042).
 */
installClientReporter();

// Certifications kept on this device while offline are shown and sent (decision 048).
void import('@/features/home/offline/certify-queue.ts').then(({ startCertifyQueue }) => startCertifyQueue());
