for i in 1 2 3 4; do for v in a b; do echo -n "$v "; WTB_VARIANT=$v ROUNDS=1 SECONDS=8 npx tsx bench/_tmp-upload.ts; done; done
