// A Botyard bot: one file, run by the platform with the globals of @botyard/dev/types/bot-api.d.ts (bot, db, logic,
// axios, scheduler, console, process.env). Try it: `npx botyard-dev run bot.js`; test it: `npm test`.

bot.start(async (ctx) => {
  const name = ctx.from?.first_name ?? "there";
  await ctx.reply(`Hello, ${name}! Press the button to count.`, {
    reply_markup: { inline_keyboard: [[{ text: "Count me", callback_data: "count" }]] },
  });
});

bot.action("count", async (ctx) => {
  const userId = ctx.from?.id;
  // Each user's presses, in the bot's own document store.
  const seen = await db.operation.findOne("presses", { userId });
  const count = Number(seen?.count ?? 0) + 1;
  await db.operation.setProp("presses", { userId }, { count });
  await ctx.answerCbQuery();
  await ctx.reply(`You pressed ${count} ${count === 1 ? "time" : "times"}.`);
});

// A custom webhook: GET /custom/<botId>/stats
logic["stats"] = async () => {
  const users = await db.operation.countDocuments("presses");
  console.log(`stats asked: ${users} users`);
  return { users };
};
