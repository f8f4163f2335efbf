/** HTML of the emulator's login page and error page. Every value is escaped. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Kept in the page's HTTP headers: no scripts, no framing, nothing loaded from elsewhere. */
export const PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Apple SD Gothic Neo","Malgun Gothic","Noto Sans KR",sans-serif;background:#f6f6f6;color:#191919;line-height:1.5}
header{background:#fee500;padding:16px 20px}
header h1{margin:0;font-size:1.15rem}
header p{margin:4px 0 0;font-size:.85rem;color:#3c1e1e}
main{max-width:440px;margin:0 auto;padding:16px}
section{background:#fff;border-radius:12px;padding:16px;margin-bottom:16px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
h2{font-size:1rem;margin:0 0 12px}
ul{list-style:none;margin:0;padding:0}
li+li{margin-top:8px}
button{font:inherit;cursor:pointer;border-radius:12px;min-height:48px;width:100%}
.person{display:block;text-align:left;background:#fff;border:1px solid #ddd;padding:10px 14px;color:#191919}
.person:hover,.person:focus-visible{border-color:#191919}
.person strong{display:block;font-size:1rem}
.person span{display:block;font-size:.85rem;color:#555}
.primary{background:#fee500;border:0;color:#191919;font-weight:600}
.secondary{background:#fff;border:1px solid #ccc;color:#191919}
button:focus-visible,input:focus-visible{outline:3px solid #3c1e1e;outline-offset:2px}
label{display:block;font-size:.9rem;margin:12px 0 4px}
input[type=text],input[type=date],input[type=tel]{width:100%;min-height:44px;padding:8px 10px;border:1px solid #ccc;border-radius:8px;font:inherit}
fieldset{border:0;padding:0;margin:12px 0 0}
legend{font-size:.9rem;margin-bottom:4px}
.choice{display:inline-flex;align-items:center;gap:6px;margin:0 16px 0 0}
.check{display:flex;align-items:center;gap:8px}
.alert{background:#fff4f4;border:1px solid #e0a0a0;color:#8a1c1c;border-radius:8px;padding:10px 12px;margin-bottom:16px}
.tag{display:inline-block;font-size:.75rem;background:#eee;border-radius:6px;padding:0 6px;margin-left:6px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><p>개발·테스트용 로컬 카카오 에뮬레이터입니다. 실제 카카오 계정은 쓰이지 않습니다.</p></header>
<main>
${body}
</main>
</body>
</html>`;
}

function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

export interface PersonView {
  id: string;
  name: string;
  /** `1988-04-17`, or `null` when the person gives no birth date. */
  birthDate: string | null;
  /** Full years of age today, or `null`. */
  age: number | null;
  phoneNumber: string | null;
  denies: boolean;
}

export interface CreateDraft {
  name: string;
  birthDate: string;
  phone: string;
  noPhone: boolean;
  consent: 'given' | 'denied';
}

export interface LoginPageInput {
  /** Where the forms post: `{prefix}/oauth/authorize/decide`. */
  decideUrl: string;
  /** The original authorize query, carried as hidden fields. */
  authorize: Record<string, string>;
  persons: PersonView[];
  error?: string | null;
  draft?: CreateDraft | null;
}

function personButton(person: PersonView): string {
  const birth = person.birthDate
    ? `${person.birthDate}${person.age === null ? '' : ` (만 ${person.age}세)`}`
    : '생년월일 제공 안 함';
  const phone = person.phoneNumber ?? '전화번호 없음';
  const denied = person.denies ? '<em class="tag">동의 거부</em>' : '';
  return `<li><button type="submit" class="person" name="person_id" value="${escapeHtml(person.id)}">
<strong>${escapeHtml(person.name)}${denied}</strong>
<span>생년월일 ${escapeHtml(birth)}</span>
<span>${escapeHtml(phone)}</span>
<span>카카오 id ${escapeHtml(person.id)}</span>
</button></li>`;
}

export function renderLoginPage(input: LoginPageInput): string {
  const hidden = hiddenFields(input.authorize);
  const draft: CreateDraft = input.draft ?? {
    name: '',
    birthDate: '',
    phone: '',
    noPhone: false,
    consent: 'given',
  };
  const action = escapeHtml(input.decideUrl);
  const error = input.error ? `<div class="alert" role="alert">${escapeHtml(input.error)}</div>` : '';
  const persons =
    input.persons.length > 0
      ? `<ul>${input.persons.map(personButton).join('\n')}</ul>`
      : '<p>아직 테스트 사용자가 없습니다. 아래에서 만들어 주세요.</p>';
  const body = `${error}
<section aria-labelledby="pick-title">
<h2 id="pick-title">테스트 사용자로 로그인</h2>
<form method="post" action="${action}">
${hidden}
<input type="hidden" name="action" value="select">
${persons}
</form>
</section>
<section aria-labelledby="create-title">
<h2 id="create-title">새 테스트 사용자 만들기</h2>
<form method="post" action="${action}">
${hidden}
<input type="hidden" name="action" value="create">
<label for="new-name">이름</label>
<input type="text" id="new-name" name="new_name" required maxlength="40" autocomplete="off" value="${escapeHtml(draft.name)}">
<label for="new-birth">생년월일</label>
<input type="date" id="new-birth" name="new_birth_date" required value="${escapeHtml(draft.birthDate)}">
<label for="new-phone">전화번호 (선택)</label>
<input type="tel" id="new-phone" name="new_phone" inputmode="tel" placeholder="010-1234-5678" autocomplete="off" value="${escapeHtml(draft.phone)}">
<label class="check"><input type="checkbox" name="new_no_phone" value="on"${draft.noPhone ? ' checked' : ''}> 전화번호 제공 안 함</label>
<fieldset>
<legend>정보 제공 동의</legend>
<label class="choice"><input type="radio" name="new_consent" value="given"${draft.consent === 'given' ? ' checked' : ''}> 동의</label>
<label class="choice"><input type="radio" name="new_consent" value="denied"${draft.consent === 'denied' ? ' checked' : ''}> 거부</label>
</fieldset>
<p><button type="submit" class="primary">만들고 로그인</button></p>
</form>
</section>
<form method="post" action="${action}">
${hidden}
<input type="hidden" name="action" value="cancel">
<button type="submit" class="secondary">취소</button>
</form>`;
  return layout('카카오 로그인', body);
}

export function renderErrorPage(input: { code: string; detail: string }): string {
  const body = `<section role="alert" aria-labelledby="error-title">
<h2 id="error-title">잘못된 요청 (${escapeHtml(input.code)})</h2>
<p>${escapeHtml(input.detail)}</p>
</section>`;
  return layout('카카오 로그인 오류', body);
}
