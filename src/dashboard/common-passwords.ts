/**
 * The most common passwords of 12 characters or more, lower-cased, as they top the published
 * breach-corpus rankings (shorter ones are refused by the length rule already). Repetitions of a
 * short pattern (`abcabcabcabc`) are refused by a rule in passwords.ts instead of listed here.
 */
const LIST = `
123456789012 1234567890123 12345678901234 123456789123 1234567890qwerty 1234567890-= 0987654321qwerty
qwertyuiopasdfghjkl qwertyuiop123 qwertyuiopas qwertyuiopasdfgh qwerty123456 qwerty1234567 qwertyuiop12
1q2w3e4r5t6y 1q2w3e4r5t6y7u 1q2w3e4r5t6y7u8i 1qaz2wsx3edc 1qaz2wsx3edc4rfv zaq12wsxcde3 !qaz2wsx#edc
asdfghjkl123 asdfghjklqwe zxcvbnm123456 zxcvbnmasdfghjkl qazwsxedcrfv qazwsxedc123 123qweasdzxc 123qwe123qwe
passwordpassword password1234 password12345 password123456 password1234567 password123! password@123
p@ssword1234 p@ssw0rd1234 passw0rd1234 mypassword123 mypassword1234 thisismypassword changeme1234
letmein12345 letmein123456 welcome12345 welcome123456 welcome@1234 iloveyou1234 iloveyou12345 iloveyou123456
administrator admin1234567 admin@123456 adminadmin123 superman1234 batman123456 football1234 baseball1234
basketball12 basketball123 princess1234 sunshine1234 starwars1234 trustno11234 monkey123456 dragon123456
michael12345 jennifer1234 abcdefghijkl abcdefghijklm abcdefg12345 abcd12345678 abc123456789 abcdef123456
a1b2c3d4e5f6 1a2b3c4d5e6f aa1234567890 1234567890aa 12345678910a 123456789abc 123456789qwe 123456789asd
987654321012 098765432109 121212121212 123123123123 112233445566 111222333444 147258369123 159753123456
00000000000000 111111111111 123321123321 987654321987 789456123789 147852369874 741852963741 963852741963
qwe123qwe123 qweasdzxc123 q1w2e3r4t5y6 q1w2e3r4t5y6u7 1qazxsw23edc zaq1xsw2cde3 !qaz@wsx#edc
correcthorsebatterystaple correcthorse iloveyoubaby loveyouforever ilovemyfamily ilovemymom
happybirthday internet1234 computer1234 chocolate123 whatever1234 1234qwerasdf qwerasdfzxcv
tollgate1234 tollgateapi1 apikey123456 secret123456 secretpassword topsecret123 default12345
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter((entry) => entry !== ''));
