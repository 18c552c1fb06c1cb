import type { StoryCategory } from '@whosright/contracts/shared/categories';

/**
 * Demo content for seeding a fresh installation: stories, comments and member
 * profiles written to read like real posts. Plain text only; all names are
 * invented.
 */

export interface DemoComment {
  content: string;
  /**
   * Votes other demo users give this comment. A handful of comments are
   * deliberately unpopular (downvotes >= 3 and more than upvotes) so the admin
   * "flagged comments" list has entries.
   */
  upvotes: number;
  downvotes: number;
}

export interface DemoStory {
  category: StoryCategory;
  /** 150-900 characters, first person. */
  content: string;
  /** How the crowd leans: share of 'he' votes between 0 and 1 (e.g. 0.8 = most say He's right). */
  heShare: number;
  /** Roughly how many demo voters vote on it (4-24). */
  votes: number;
  /** Roughly how many visitors view it (10-60). */
  views: number;
  /** Fraction of viewers who skip it (0-0.6); a few are skipped a lot for the "poor performing" list. */
  skipShare: number;
  /** 0-4 comments. */
  comments: DemoComment[];
}

export const DEMO_STORIES: readonly DemoStory[] = [
  // ---------------------------------------------------------------- household
  {
    category: 'household',
    content: `Every single night I load the dishwasher, and every single night my husband opens it after I go to bed and reloads the whole thing. Bowls on the top rack, forks pointing down, nothing touching. He says mine "doesn't get clean" but I have never once seen a dirty plate come out. Last night he moved a mug I'd put in and I heard it from the bedroom. I told him if he cares this much he can load it himself from now on, and he said "fine, but you're doing the bathroom then." So who's right? Is there actually a correct way to load a dishwasher or is he just being controlling about cutlery?`,
    heShare: 0.38,
    votes: 21,
    views: 52,
    skipShare: 0.08,
    comments: [
      {
        content: `Forks down is correct though. I say that as someone who has been stabbed reaching into the dishwasher.`,
        upvotes: 9,
        downvotes: 1,
      },
      {
        content: `If he reloads it anyway, the deal where he just does it himself sounds like a win for you honestly.`,
        upvotes: 6,
        downvotes: 0,
      },
      {
        content: `My dad did this for 30 years. My mom stopped loading it in year two. Everyone is happier.`,
        upvotes: 4,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'household',
    content: `Thermostat wars, round 400. My wife likes the house at 24 degrees. I like it at 20. I'm walking around in shorts sweating and she's on the couch in a blanket saying it's "a bit chilly." My argument: you can always put on a sweater, but I can't take off more than I already have. Her argument: she's the one who pays the heating bill this year, so she picks. We compromised at 22 and now we're both unhappy, which I'm told is what marriage is. Still, who's right here?`,
    heShare: 0.52,
    votes: 19,
    views: 41,
    skipShare: 0.12,
    comments: [
      {
        content: `The sweater argument is undefeated. But she pays the bill, so... she wins on a technicality.`,
        upvotes: 7,
        downvotes: 1,
      },
      {
        content: `Get her an electric blanket and set it to 20. Everyone wins except the blanket.`,
        upvotes: 11,
        downvotes: 0,
      },
      {
        content: `22 and both unhappy is literally the definition of a fair compromise. Congrats.`,
        upvotes: 5,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'household',
    content: `I've been keeping a sourdough starter for two years. His name is Doug. I feed him every morning, he lives in a jar on the counter, and he has made us roughly 200 loaves of bread. My boyfriend was cleaning the kitchen on Saturday, saw "a jar of weird grey goo," and poured it down the sink. He says it smelled like feet and had a layer of liquid on top so he assumed it had gone bad. That liquid is called hooch and it is NORMAL. I'm honestly a bit heartbroken. He offered to buy me a new one which is not the point. Am I overreacting to a jar of flour and water?`,
    heShare: 0.12,
    votes: 23,
    views: 58,
    skipShare: 0.05,
    comments: [
      {
        content: `RIP Doug. Two years of feeding is a pet, not a jar. You're not overreacting.`,
        upvotes: 14,
        downvotes: 0,
      },
      {
        content: `In his defense, starter really does smell like feet. But you don't throw out someone else's stuff without asking.`,
        upvotes: 8,
        downvotes: 1,
      },
      {
        content: `Maybe a friend has some of Doug's descendants? I always give bits of mine away for exactly this reason.`,
        upvotes: 6,
        downvotes: 0,
      },
      {
        content: `It's flour and water. Make another one. People have real problems.`,
        upvotes: 1,
        downvotes: 7,
      },
    ],
  },
  {
    category: 'household',
    content: `I'm the guy here. I come out of the shower and toss the wet towel on the bed while I get dressed. Then I forget it there. My wife says the mattress is going to grow mold and it's disgusting. I say it's a towel, it dries in an hour, and the duvet cover gets washed anyway. She's started hanging it up herself and then sighing really loudly. Who's right?`,
    heShare: 0.18,
    votes: 16,
    views: 34,
    skipShare: 0.1,
    comments: [
      { content: `Sir. The hook is right there. Hang the towel.`, upvotes: 10, downvotes: 0 },
      {
        content: `Loud sighing is a valid form of communication and you have been warned.`,
        upvotes: 7,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'household',
    content: `Where does the Christmas tree go? I want it in the front window so people walking by can see the lights, like my family always did. My husband wants it in the corner by the TV because "the window one blocks the radiator and the tree will dry out." The corner one means we have to move the TV stand and I'd have to watch the lights reflect in the screen for a month. He's already measured the corner with a tape measure. I've already bought window hooks for the garland. Who wins?`,
    heShare: 0.56,
    votes: 14,
    views: 30,
    skipShare: 0.15,
    comments: [
      {
        content: `Radiator thing is real, our tree dropped every needle by the 20th one year. Team corner.`,
        upvotes: 5,
        downvotes: 0,
      },
      {
        content: `Window tree is the whole point of a Christmas tree. The neighbors deserve joy too.`,
        upvotes: 4,
        downvotes: 1,
      },
    ],
  },
  {
    category: 'household',
    content: `My girlfriend sorts laundry into whites, darks, colors, towels and "delicates." Five loads. I throw everything in on cold, one load, done. Nothing of mine has ever turned pink. She says I'm going to ruin her clothes so now we do our laundry separately, which means twice the water anyway. Is sorting laundry actually necessary in this day and age?`,
    heShare: 0.61,
    votes: 12,
    views: 27,
    skipShare: 0.18,
    comments: [],
  },

  // ---------------------------------------------------------------- money
  {
    category: 'money',
    content: `We went out for a friend's birthday, eight of us. I had a salad and a water because I'm trying to save. The table ordered three bottles of wine, cocktails and steaks. When the bill came, someone said "let's just split it evenly" and my husband immediately agreed. My share was four times what I actually ate. In the car I said he should have backed me up, and he said asking to pay separately at a birthday dinner is "petty" and makes us look cheap. I think it's just math. Who's right?`,
    heShare: 0.28,
    votes: 22,
    views: 49,
    skipShare: 0.07,
    comments: [
      {
        content: `It's not petty to pay for what you ate. Anyone who says otherwise ordered the steak.`,
        upvotes: 12,
        downvotes: 1,
      },
      {
        content: `He has a point about timing. Quietly telling the waiter at the start that you're on a separate check avoids the whole scene.`,
        upvotes: 8,
        downvotes: 0,
      },
      { content: `Just order the steak next time, problem solved.`, upvotes: 3, downvotes: 2 },
    ],
  },
  {
    category: 'money',
    content: `I've paid for a gym membership for fourteen months. I have gone eleven times. My wife wants me to cancel it. I told her the membership is what motivates me, and the day I cancel is the day I give up on myself. She did the math in front of me and said each visit cost more than a spa day. I maintain that I'm going to start again in January. Who's right?`,
    heShare: 0.22,
    votes: 18,
    views: 38,
    skipShare: 0.1,
    comments: [
      {
        content: `Bro is paying a monthly fee for the feeling of maybe going to the gym.`,
        upvotes: 13,
        downvotes: 0,
      },
      {
        content: `Honestly I respect it. Cancel it and you will never go back, I know because I did.`,
        upvotes: 4,
        downvotes: 2,
      },
      {
        content: `Go for a run tomorrow morning, it's free and it settles the argument.`,
        upvotes: 6,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'money',
    content: `We have a joint account for bills and groceries and our own accounts for everything else. For my wife's birthday I bought her a nice pair of boots from the joint account because my own account was low that month. She says it doesn't feel like a gift if she basically paid half of it. I say it's all our money in the end and the boots are great, which she admits. I moved the money back the next day once I got paid but apparently that made it worse?`,
    heShare: 0.44,
    votes: 15,
    views: 33,
    skipShare: 0.12,
    comments: [],
  },
  {
    category: 'money',
    content: `My boyfriend gives me a little speech every time I buy a coffee on the way to work. "That's 1,200 a year." Okay. Meanwhile he spent more than that on extras in his online game last year, which I know because I saw the statement. He says the game is entertainment and my coffee is "just coffee." Coffee is my entertainment! Who's right?`,
    heShare: 0.26,
    votes: 20,
    views: 44,
    skipShare: 0.09,
    comments: [
      { content: `The game receipts say it all. Enjoy your coffee.`, upvotes: 9, downvotes: 0 },
      {
        content: `Both of you could save a lot. But he started it, so he loses.`,
        upvotes: 5,
        downvotes: 0,
      },
      {
        content: `Sounds like you both need a budget app and less attitude.`,
        upvotes: 1,
        downvotes: 4,
      },
    ],
  },
  {
    category: 'money',
    content: `My husband's younger brother asked to borrow a fairly large amount of money for a used car so he can get to a new job. My husband wants to just give it to him, no paperwork, "he's family." The last time we lent him money it took two years and a lot of awkward dinners to get it back. I said fine, but let's write down a simple payment plan so nobody has to have the awkward talk later. My husband says that's insulting to his brother. I'm not trying to be mean, I'm trying to avoid a repeat. Who's right?`,
    heShare: 0.33,
    votes: 17,
    views: 40,
    skipShare: 0.14,
    comments: [
      {
        content: `A payment plan isn't an insult, it's a kindness to future you and future him.`,
        upvotes: 10,
        downvotes: 0,
      },
      {
        content: `Only lend what you'd be okay never seeing again. Then the paperwork matters less.`,
        upvotes: 8,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'money',
    content: `Tipping. My wife tips 25 percent everywhere, including the counter at the bakery where someone handed her a croissant. I tip properly at sit-down restaurants and a bit at the counter. She says I'm stingy, I say she's tipping for things that aren't service. Who's right?`,
    heShare: 0.47,
    votes: 9,
    views: 26,
    skipShare: 0.5,
    comments: [],
  },

  // ---------------------------------------------------------------- family
  {
    category: 'family',
    content: `Every year it's the same fight. My parents live twenty minutes away, his live a four-hour drive away. He says we should alternate Christmas, one year each, fair is fair. I say it makes more sense to do Christmas Eve with his family every other year and Christmas Day with mine every year, because mine are close and my grandma is 91 and might not have many left. He says that's not alternating, that's "mine, with extra steps." I genuinely think my idea is fairer given the distance. Who's right?`,
    heShare: 0.49,
    votes: 20,
    views: 46,
    skipShare: 0.1,
    comments: [
      {
        content: `The grandma argument is strong. Maybe invite his family to yours one year?`,
        upvotes: 7,
        downvotes: 0,
      },
      {
        content: `"Mine with extra steps" made me laugh out loud. He's not wrong though.`,
        upvotes: 9,
        downvotes: 1,
      },
      {
        content: `We alternate strictly and it's the only thing that has kept the peace in 12 years.`,
        upvotes: 5,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'family',
    content: `My mom has a key to our apartment. She's had it since before I met my girlfriend, for emergencies. Lately she's been using it to drop off soup, water the plants, and once to fold our laundry while we were at work. I think it's sweet and she's just helping. My girlfriend says she came home, found my mom in the bedroom putting away her underwear, and wants the key back. I don't want to hurt my mom's feelings. Who's right here?`,
    heShare: 0.14,
    votes: 24,
    views: 55,
    skipShare: 0.06,
    comments: [
      {
        content: `Folding your girlfriend's underwear is not an emergency. Get the key back, nicely.`,
        upvotes: 15,
        downvotes: 0,
      },
      {
        content: `You can keep the key with your mom AND ask her to text first. Both things can be true.`,
        upvotes: 9,
        downvotes: 0,
      },
      {
        content: `Free soup and laundry service? Some people don't know how good they have it.`,
        upvotes: 2,
        downvotes: 6,
      },
    ],
  },
  {
    category: 'family',
    content: `We're expecting our first baby in the spring, a boy. My husband wants to name him after his grandfather, who he was really close to. The name is Ambrose. I love that he wants to honor his grandpa, I really do, but I just can't picture yelling "Ambrose, put your shoes on!" at a playground. I suggested it as a middle name. He's hurt and says a middle name is "a consolation prize." We keep going in circles.`,
    heShare: 0.46,
    votes: 11,
    views: 29,
    skipShare: 0.48,
    comments: [],
  },
  {
    category: 'family',
    content: `My wife's mom watches our kids on Wednesdays, which we are really grateful for. But the kids come home with sticky fingers and a sugar high every single time, and then they don't sleep until 10. I asked my wife to talk to her mom about cutting back on the candy. She says her mom is doing us a huge favor for free and we don't get to set rules. I think it's our kids and we can. Who's right?`,
    heShare: 0.66,
    votes: 15,
    views: 35,
    skipShare: 0.11,
    comments: [
      {
        content: `You can set rules. You can also pick your battles with free childcare. Maybe ask for candy only before noon?`,
        upvotes: 8,
        downvotes: 0,
      },
      {
        content: `Grandparents spoiling kids is literally the law of nature. Let her have this one.`,
        upvotes: 6,
        downvotes: 3,
      },
    ],
  },
  {
    category: 'family',
    content: `Every Sunday we have lunch at my wife's parents'. Every. Sunday. For six years. I like her parents! But I'd like maybe one Sunday a month where we sleep in, make pancakes and do nothing. She says it's a family tradition and her mom would be devastated. I said traditions can be monthly. She said "wow." Who's right?`,
    heShare: 0.58,
    votes: 13,
    views: 31,
    skipShare: 0.16,
    comments: [],
  },
  {
    category: 'family',
    content: `My boyfriend's best friend broke up with his girlfriend and needed a place to stay "for a few nights." That was three and a half weeks ago. He sleeps on our couch, which means the living room is his bedroom until noon. He eats our food, leaves his shoes in the hallway, and plays video games with my boyfriend until 2am. I've asked for an end date. My boyfriend says you don't kick a friend out when he's down and I'm being cold. I'm sympathetic but I also live here. Who's right?`,
    heShare: 0.13,
    votes: 22,
    views: 50,
    skipShare: 0.07,
    comments: [
      {
        content: `Three and a half weeks is not "a few nights." An end date is not cruelty.`,
        upvotes: 12,
        downvotes: 0,
      },
      {
        content: `Help him find a room to rent. That's being a good friend AND getting your couch back.`,
        upvotes: 9,
        downvotes: 0,
      },
      {
        content: `Loyalty to friends matters. He's right to have his back.`,
        upvotes: 3,
        downvotes: 2,
      },
    ],
  },

  // ---------------------------------------------------------------- communication
  {
    category: 'communication',
    content: `We go out to dinner maybe twice a month. Every time, my boyfriend puts his phone on the table face up, and every time it buzzes, he checks it. Group chat, sports scores, a sale at some store. He says he's "listening, just glancing." I asked if we could both put our phones away during dinner and he said that's a bit much and what if there's an emergency. His mom has my number too. Who's right?`,
    heShare: 0.17,
    votes: 21,
    views: 47,
    skipShare: 0.06,
    comments: [
      {
        content: `"What if there's an emergency" about a sports score. Come on.`,
        upvotes: 11,
        downvotes: 0,
      },
      {
        content: `Try the phone stack game. Whoever picks up their phone first pays.`,
        upvotes: 8,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'communication',
    content: `My wife's family has an email thread planning her grandma's 80th birthday. Forty people on it. Someone suggested karaoke after dinner. I meant to reply just to my wife with "count me out of the karaoke part, I'd rather eat the tablecloth," and I hit reply-all. Grandma replied "Noted." My wife says I embarrassed her. I say it was an honest mistake, it was kind of funny, and half her cousins sent me laughing emojis privately. Who's right?`,
    heShare: 0.36,
    votes: 18,
    views: 43,
    skipShare: 0.09,
    comments: [
      {
        content: `Grandma replying "Noted" is the funniest thing I've read all week.`,
        upvotes: 16,
        downvotes: 0,
      },
      {
        content: `You have to sing at the party now. That's the only way to fix it.`,
        upvotes: 10,
        downvotes: 0,
      },
      {
        content: `Honest mistake, but apologize to grandma in person. She'll forgive you.`,
        upvotes: 6,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'communication',
    content: `I asked my girlfriend if she was okay and she said "I'm fine." So I believed her and went to play football with my friends like we'd planned. When I got back she was upset that I left. I asked why she said she was fine and she said "because I wanted you to notice I wasn't." I'm not a mind reader. I'd genuinely rather she just tell me. Am I wrong to take words at face value?`,
    heShare: 0.63,
    votes: 17,
    views: 38,
    skipShare: 0.13,
    comments: [
      {
        content: `Saying what you mean should be the bare minimum. You're right.`,
        upvotes: 8,
        downvotes: 1,
      },
      {
        content: `There's usually a tone with "I'm fine." But I agree she should just say it.`,
        upvotes: 6,
        downvotes: 0,
      },
      {
        content: `Men will literally go play football instead of asking a second question.`,
        upvotes: 7,
        downvotes: 2,
      },
    ],
  },
  {
    category: 'communication',
    content: `My husband leaves me on read. I'll send something like "can you pick up milk?" and see that he read it at 2:14, and then nothing. Then he shows up with milk. He says the milk IS the reply. I say a two-letter "ok" takes one second and saves me from buying a second carton of milk on the way home, which has happened. Twice. Who's right?`,
    heShare: 0.37,
    votes: 14,
    views: 32,
    skipShare: 0.11,
    comments: [
      { content: `"The milk is the reply" is honestly poetic though.`, upvotes: 9, downvotes: 0 },
      {
        content: `Two cartons of milk twice means his system doesn't work. Send the ok.`,
        upvotes: 7,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'communication',
    content: `My girlfriend sends voice notes. Long ones. Four, five, six minutes, about her day, while walking. I'm at work and can't listen, so I text back "can you text the short version?" and she feels hurt. She says voice notes feel more personal. I say a voice note is a podcast I didn't subscribe to. Who's right?`,
    heShare: 0.54,
    votes: 10,
    views: 24,
    skipShare: 0.55,
    comments: [],
  },
  {
    category: 'communication',
    content: `When I tell a story at a party, my wife corrects the details in the middle. "It was Tuesday, not Wednesday." "It was a golden retriever, not a lab." It totally kills the punchline. She says she's just being accurate and that I exaggerate. I say nobody cares what day of the week it was. Who's right?`,
    heShare: 0.67,
    votes: 16,
    views: 36,
    skipShare: 0.12,
    comments: [
      {
        content: `Let the man tell his dog story. Nobody needs the breed.`,
        upvotes: 8,
        downvotes: 0,
      },
      {
        content: `If the story is "a lab the size of a horse" and it was a chihuahua, then yes she should step in.`,
        upvotes: 7,
        downvotes: 0,
      },
    ],
  },

  // ---------------------------------------------------------------- lifestyle
  {
    category: 'lifestyle',
    content: `My phone sends a weekly screen time report. My husband saw it over my shoulder on Sunday, 6 hours a day, and hasn't let it go. He says I'm "always on my phone" when we're together. But a lot of that is my job, I manage social media for a small business and answer customer messages in the evening. He watches TV for three hours every night and that doesn't count as screen time apparently. I'm not saying I'm perfect, but I feel judged for working. Who's right?`,
    heShare: 0.31,
    votes: 19,
    views: 42,
    skipShare: 0.1,
    comments: [
      {
        content: `Work screen time is not the same as doomscrolling. He needs to know what he's looking at.`,
        upvotes: 7,
        downvotes: 0,
      },
      {
        content: `Could you set a work-off time in the evenings? That might be what he actually wants.`,
        upvotes: 6,
        downvotes: 0,
      },
      {
        content: `Six hours is six hours, the excuses don't change the number.`,
        upvotes: 2,
        downvotes: 5,
      },
    ],
  },
  {
    category: 'lifestyle',
    content: `My boyfriend came home on Friday with a surprise. A puppy. A real one, eight weeks old, with big paws. We live in a one-bedroom apartment on the fourth floor, we both work full time, and we had literally never talked about getting a dog. He says he saw her at a rescue event and "just knew." She is very cute and I already love her, which is not the point. I'm the one who got up at 3am to take her out. I think something this big should be a joint decision. He says I'd have said no, which is why he didn't ask. Who's right?`,
    heShare: 0.09,
    votes: 24,
    views: 60,
    skipShare: 0.04,
    comments: [
      {
        content: `"You would have said no so I didn't ask" is the most honest confession of being wrong I've ever seen.`,
        upvotes: 17,
        downvotes: 0,
      },
      {
        content: `Puppy tax: he does every 3am walk for the next two months.`,
        upvotes: 12,
        downvotes: 0,
      },
      { content: `We need puppy pics or this didn't happen.`, upvotes: 9, downvotes: 0 },
      { content: `You love her already, so he was right. Case closed.`, upvotes: 2, downvotes: 3 },
    ],
  },
  {
    category: 'lifestyle',
    content: `My wife sets her alarm for 5:45 and then snoozes it. Seven times. Every nine minutes, the same song, until 6:48. I don't have to be up until 7:15. I've suggested just setting it for 6:45 and getting an hour of real sleep. She says the snoozing is "her favorite part of the day" and she needs to wake up slowly. I'm losing my mind, and my sleep. Who's right?`,
    heShare: 0.81,
    votes: 20,
    views: 41,
    skipShare: 0.08,
    comments: [
      {
        content: `Seven snoozes is not waking up slowly, it's a hostage situation.`,
        upvotes: 13,
        downvotes: 0,
      },
      {
        content: `Vibrating watch alarm. She gets her snoozes, you get your sleep. Marriage saved.`,
        upvotes: 10,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'lifestyle',
    content: `We've been watching a crime series together for a month. It's our thing, one episode a night after dinner. I went to visit my parents for a weekend, came back, and my girlfriend had watched the last four episodes without me. She says she was bored and I can just watch them alone. She then accidentally told me who the killer was. Who's right?`,
    heShare: 0.86,
    votes: 22,
    views: 48,
    skipShare: 0.05,
    comments: [
      {
        content: `Watching ahead is a crime. Spoiling it is a second crime. This is a crime show about a crime show.`,
        upvotes: 14,
        downvotes: 0,
      },
      {
        content: `She owes you a new show and she doesn't get to pick it.`,
        upvotes: 8,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'lifestyle',
    content: `We're driving nine hours to the coast this summer. My husband wants to leave at 4am and drive straight through, only stopping for gas. I want to leave at a normal hour, stop for a proper lunch somewhere nice, maybe look at a lake, and arrive by evening. He says the trip is the destination, not the drive. I say the drive is part of the holiday and I don't want to eat gas station sandwiches in a parking lot at 9am. Who's right?`,
    heShare: 0.4,
    votes: 13,
    views: 30,
    skipShare: 0.14,
    comments: [
      {
        content: `Leave at 4am, stop at the lake for lunch. You both get something.`,
        upvotes: 6,
        downvotes: 0,
      },
      {
        content: `Gas station sandwiches at 9am are a road trip classic, don't knock it.`,
        upvotes: 4,
        downvotes: 1,
      },
    ],
  },
  {
    category: 'lifestyle',
    content: `Parking. My wife parks at the far end of every lot, in the empty part, and then we walk. I drive around for a few minutes looking for a spot near the door. She says I waste more time circling than she spends walking, and that her car never gets dinged. I say it's raining half the year and I'm not walking 300 meters with groceries. Who's right?`,
    heShare: 0.48,
    votes: 15,
    views: 33,
    skipShare: 0.17,
    comments: [],
  },

  // ---------------------------------------------------------------- relationships
  {
    category: 'relationships',
    content: `My girlfriend still sends her ex a happy birthday text every year. They dated for four years in college and ended on good terms. She says it's just being a decent person and it would be weird to stop now. It doesn't make me jealous exactly, it just feels like a door that's still a little open. I asked her to stop and she said I was being insecure. Who's right?`,
    heShare: 0.47,
    votes: 18,
    views: 40,
    skipShare: 0.12,
    comments: [
      {
        content: `One text a year is not an open door. That's just being polite.`,
        upvotes: 7,
        downvotes: 1,
      },
      {
        content: `Your feelings are valid, but asking her to stop something harmless might cause more trouble than the text.`,
        upvotes: 6,
        downvotes: 0,
      },
      {
        content: `I'd be bothered too honestly. Exes are exes for a reason.`,
        upvotes: 5,
        downvotes: 2,
      },
    ],
  },
  {
    category: 'relationships',
    content: `We've decided to move in together after two years. He wants me to move into his place because it's bigger and his rent is lower. I want us to find a new place together, so it feels like ours and not "his apartment that I live in." He says that's throwing money away on moving costs and a higher rent for a feeling. I think the feeling is kind of the point. Every time I've stayed over I've felt like a guest, his plants, his art, his couch. Who's right?`,
    heShare: 0.42,
    votes: 16,
    views: 37,
    skipShare: 0.1,
    comments: [
      {
        content: `Moved into my partner's place once. Felt like a guest for a year. Find a new place.`,
        upvotes: 8,
        downvotes: 0,
      },
      {
        content: `If money is tight, his place and redecorate together. New couch, your art on the walls.`,
        upvotes: 7,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'relationships',
    content: `I'd like us to share locations on our phones. Not to spy, just so I know he got home safe when he bikes back late from work, and so I don't have to text "where are you" all the time. My boyfriend says it feels like being tracked and he doesn't need a babysitter. I've offered to share mine too. He still says no. Is this a reasonable ask?`,
    heShare: 0.53,
    votes: 14,
    views: 31,
    skipShare: 0.13,
    comments: [],
  },
  {
    category: 'relationships',
    content: `We've been together three years and my husband has never posted a single photo of us online. Not our wedding, not a vacation, nothing. He posts pictures of his bike and sunsets. He says he's a private person and social media isn't real life. I'm not asking for daily posts, I just sometimes feel like a secret. Who's right?`,
    heShare: 0.39,
    votes: 12,
    views: 28,
    skipShare: 0.15,
    comments: [],
  },
  {
    category: 'relationships',
    content: `My girlfriend said, clearly, "let's not do gifts for Valentine's Day this year, we're saving for the trip." So I didn't get a gift. She got me a small card and a box of my favorite cookies. She says that's not a gift, that's "a gesture," and I should have known to do a gesture. I followed the instructions. Who's right?`,
    heShare: 0.71,
    votes: 19,
    views: 39,
    skipShare: 0.09,
    comments: [
      {
        content: `The gesture loophole gets every single man every year. You followed the rules.`,
        upvotes: 10,
        downvotes: 0,
      },
      {
        content: `Even a handwritten note would have been enough. Rookie mistake, but forgivable.`,
        upvotes: 6,
        downvotes: 1,
      },
    ],
  },

  // ---------------------------------------------------------------- other
  {
    category: 'other',
    content: `At a friend's wedding, at the dinner table, my husband and I got into a heated argument about whether a hot dog is a sandwich. He says bread plus filling equals sandwich, done. I say if you ordered a sandwich and they brought you a hot dog you'd send it back. The whole table picked sides and the bride came over to ask what was going on. We need a ruling.`,
    heShare: 0.5,
    votes: 23,
    views: 53,
    skipShare: 0.07,
    comments: [
      {
        content: `If a hot dog is a sandwich then a taco is a sandwich and I refuse to live in that world.`,
        upvotes: 12,
        downvotes: 0,
      },
      { content: `Technically he's right. Spiritually she's right.`, upvotes: 15, downvotes: 0 },
      {
        content: `Imagine arguing about this at a wedding. Couples like you are why I stay home.`,
        upvotes: 1,
        downvotes: 5,
      },
    ],
  },
  {
    category: 'other',
    content: `Toilet paper roll: over or under. I say over, so you can see the end and grab it. My wife says under, because it looks neater and the cat can't unroll it. We've replaced each other's rolls for six years. Who's right?`,
    heShare: 0.55,
    votes: 8,
    views: 22,
    skipShare: 0.6,
    comments: [],
  },
  {
    category: 'other',
    content: `We were playing a board game with my girlfriend's seven-year-old niece. I quietly let her win, skipped a few of my turns, "forgot" to collect rent. My girlfriend noticed and said I was teaching her that the world will go easy on her, and she needs to learn to lose. I think she's seven and it's a game on a Sunday afternoon. The kid was so happy. Who's right?`,
    heShare: 0.6,
    votes: 13,
    views: 29,
    skipShare: 0.16,
    comments: [
      {
        content: `Let her win sometimes, beat her sometimes. That's how I learned.`,
        upvotes: 7,
        downvotes: 0,
      },
      {
        content: `You're the fun uncle. Your girlfriend can be the one who teaches life lessons.`,
        upvotes: 5,
        downvotes: 1,
      },
    ],
  },
  {
    category: 'other',
    content: `My girlfriend thinks our new apartment is haunted. The kitchen cabinet opens by itself at night, and there's a knocking sound in the walls around 3am. She wants to burn sage and "talk to it." I think the cabinet hinge is loose and the knocking is the old heating pipes. I offered to fix the hinge and she said I'd "make it angry." Who's right? (I fixed the hinge. The knocking continues.)`,
    heShare: 0.64,
    votes: 16,
    views: 35,
    skipShare: 0.13,
    comments: [
      {
        content: `The fact that the knocking continues after the fix is exactly what a ghost would do.`,
        upvotes: 11,
        downvotes: 0,
      },
      {
        content: `Bleed the radiators. If it still knocks, then talk to it.`,
        upvotes: 8,
        downvotes: 0,
      },
    ],
  },
  {
    category: 'other',
    content: `My husband leaves the shopping cart next to our car instead of taking it back to the cart return. It's maybe fifty meters away. He says the store pays people to collect them, so he's "creating a job." I say it rolls into other cars, and it's just basic manners. He says I'm being dramatic. I walked it back myself and he waited in the car with the engine running. Who's right?`,
    heShare: 0.08,
    votes: 21,
    views: 45,
    skipShare: 0.06,
    comments: [
      {
        content: `Returning the cart is the ultimate test of character. He failed.`,
        upvotes: 13,
        downvotes: 0,
      },
      {
        content: `"Creating a job" is wild. By that logic he should litter too.`,
        upvotes: 9,
        downvotes: 0,
      },
      {
        content: `Lol you walked it back while he waited. Who's the real winner here.`,
        upvotes: 4,
        downvotes: 1,
      },
    ],
  },
];

/** 24 demo member profiles; some have no last name and some no username. */
export const DEMO_MEMBERS: readonly {
  firstName: string;
  lastName: string | null;
  username: string | null;
}[] = [
  { firstName: 'Maya', lastName: 'Lindqvist', username: 'mayabakes' },
  { firstName: 'Daniel', lastName: 'Okafor', username: null },
  { firstName: 'Sofia', lastName: 'Marchetti', username: 'sofi_m' },
  { firstName: 'Tomasz', lastName: null, username: 'tomek88' },
  { firstName: 'Aisha', lastName: 'Rahman', username: null },
  { firstName: 'Liam', lastName: 'Byrne', username: 'liamthinks' },
  { firstName: 'Yuki', lastName: 'Tanaka', username: null },
  { firstName: 'Carlos', lastName: 'Mendoza', username: 'carlitos_m' },
  { firstName: 'Priya', lastName: null, username: null },
  { firstName: 'Jonas', lastName: 'Weber', username: 'jonasw' },
  { firstName: 'Amara', lastName: 'Mensah', username: 'amara_says' },
  { firstName: 'Elena', lastName: 'Popescu', username: null },
  { firstName: 'Mateo', lastName: null, username: 'teo_the_judge' },
  { firstName: 'Hannah', lastName: 'Schmidt', username: null },
  { firstName: 'Kwame', lastName: 'Asante', username: 'kwame_a' },
  { firstName: 'Chloe', lastName: 'Dubois', username: 'chloed' },
  { firstName: 'Arjun', lastName: 'Mehta', username: null },
  { firstName: 'Ingrid', lastName: 'Halvorsen', username: 'fjordlife' },
  { firstName: 'Noah', lastName: null, username: 'noahvotes' },
  { firstName: 'Leila', lastName: 'Haddad', username: null },
  { firstName: 'Ryan', lastName: 'Walsh', username: 'ryan_w' },
  { firstName: 'Mei', lastName: 'Chen', username: 'meimei' },
  { firstName: 'Gabriel', lastName: 'Costa', username: null },
  { firstName: 'Zoe', lastName: 'Papadopoulos', username: 'zoe_p' },
];
