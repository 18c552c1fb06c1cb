import { MessageSquareHeartIcon, PenLineIcon, ScaleIcon, VoteIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

const steps = [
  {
    icon: PenLineIcon,
    title: 'Tell it anonymously',
    text: 'Describe a disagreement with your partner in a few lines. No names, no profiles on show.',
  },
  {
    icon: VoteIcon,
    title: 'Everyone votes',
    text: "Readers pick a side, He's Right or She's Right, and can add a comment.",
  },
  {
    icon: ScaleIcon,
    title: 'See who wins',
    text: 'After voting you see the split, and how the rest of the community called it.',
  },
] as const;

/** The home screen until the story feed arrives: what the site is, and the way in. */
export function HomeHero({ onAddNew }: { onAddNew: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 overflow-x-clip px-4 py-8 sm:gap-14 sm:py-14">
      <section
        aria-labelledby="home-title"
        className="grid items-center gap-8 md:grid-cols-[1.15fr_1fr]"
      >
        <div className="flex flex-col items-start gap-5">
          <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-semibold text-muted-foreground">
            <span className="flex" aria-hidden="true">
              <span className="size-2 rounded-full bg-he" />
              <span className="-ml-0.5 size-2 rounded-full bg-she" />
            </span>
            Anonymous stories, honest verdicts
          </p>
          <h1
            id="home-title"
            className="font-display text-4xl leading-[1.05] font-black tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Two sides. One story.{' '}
            <span className="bg-gradient-to-r from-he to-she bg-clip-text text-transparent">
              You decide.
            </span>
          </h1>
          <p className="max-w-prose text-base text-pretty text-muted-foreground sm:text-lg">
            Had an argument with your partner? Share it without your name and let everyone vote on
            who&apos;s right. Then read the other side of someone else&apos;s story.
          </p>
          <Button size="lg" onClick={onAddNew} className="w-full sm:w-auto">
            <MessageSquareHeartIcon />
            Share your story
          </Button>
        </div>

        <div aria-hidden="true" className="relative mx-auto w-full max-w-sm select-none">
          <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-br from-he-soft via-transparent to-she-soft blur-2xl" />
          <div className="rotate-[-2deg] rounded-2xl border bg-card p-5 shadow-xl">
            <div className="mb-4 flex items-center justify-between text-xs font-semibold text-muted-foreground">
              <span className="rounded-full bg-muted px-2 py-0.5">Household Chores</span>
              <span>Your story here</span>
            </div>
            <div className="space-y-2">
              <div className="h-2.5 w-full rounded-full bg-muted" />
              <div className="h-2.5 w-11/12 rounded-full bg-muted" />
              <div className="h-2.5 w-4/5 rounded-full bg-muted" />
              <div className="h-2.5 w-2/3 rounded-full bg-muted" />
            </div>
            <div className="mt-5 grid grid-cols-2 gap-2">
              <span className="flex h-11 items-center justify-center rounded-lg bg-he text-sm font-bold text-he-foreground">
                He&apos;s Right
              </span>
              <span className="flex h-11 items-center justify-center rounded-lg bg-she text-sm font-bold text-she-foreground">
                She&apos;s Right
              </span>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-title" className="grid gap-4">
        <h2 id="how-title" className="font-display text-xl font-bold">
          How it works
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex gap-3 rounded-xl border bg-card p-4 shadow-xs">
              <span
                aria-hidden="true"
                className={
                  index === 1
                    ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-he-soft to-she-soft text-foreground'
                    : index === 0
                      ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-he-soft text-he'
                      : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-she-soft text-she'
                }
              >
                <Icon className="size-5" />
              </span>
              <div className="grid gap-1">
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
