// The page: talks to the server over one WebSocket, shows the position, sends the player's choices.
"use strict";

const $ = (id) => document.getElementById(id);
let socket = null;
let state = null;          // the last position the server sent
let replay = null;         // the replay frame shown, or null in play
let setup = null;          // the pack's variants, seats and bots
const looked = new Map();  // object id -> its details, for this position
let received = 0;          // messages handled, shown on the body for anyone waiting for the next
let answered = null;       // the question an answer was sent to, until the server says what came of it
let detailed = null;       // the piece or space whose details are shown, looked up again as the position changes

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(scheme + "//" + location.host + "/ws");
  socket.addEventListener("message", (e) => receive(JSON.parse(e.data)));
  socket.addEventListener("close", offline);
}

function offline() {
  document.body.classList.add("offline");
  $("turn").textContent = "Disconnected";
  $("turn").className = "offline";
  tell("Disconnected from the server: nothing can be chosen now. The server keeps the game; reload the page once it runs again.");
  for (const button of document.querySelectorAll("#decision button, #board .counter, header nav button")) {
    button.disabled = true;
  }
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function receive(message) {
  if (message.type === "state" || message.type === "error") answered = null;
  if (message.type === "state") show(message);
  else if (message.type === "replay") showReplay(message);
  else if (message.type === "error") tell(message.message);
  document.body.dataset.received = String(++received);
}

// A message above the board: an error, or (`notice`) news of something done.
function tell(text, notice = false) {
  $("message-text").textContent = text;
  $("message").classList.toggle("notice", notice);
  $("message").hidden = false;
}

// fetch() that says so above the board when the server cannot be reached, giving null
async function reach(url, options) {
  try {
    return await fetch(url, options);
  } catch (err) {
    tell("The server cannot be reached: reload the page once it runs again.");
    return null;
  }
}

// ---- the position in play

function show(s) {
  const moved = !state || !s.decision || !state.decision || s.decision.at !== state.decision.at;
  state = s;
  looked.clear();
  hideMenu();
  if (moved && !$("message").classList.contains("notice")) $("message").hidden = true;     // an error said of the question before is done with
  document.title = s.title + " · Garrison";
  $("title").textContent = s.title;
  $("variant").textContent = s.variant_title ? "· " + s.variant_title : "";
  $("undo-button").disabled = !s.can_undo || !!replay;
  if (replay) return;
  appendLog(s.log, s.log_reset);
  drawBoard(s.board, s.decision);
  showTurn(s);
  showDecision(s);
  if (moved) focusFirstOption();
  scrollLog();
  if (detailed) look(detailed, true);
  const hand = $("handover");
  hand.hidden = s.handover === null;
  if (s.handover !== null) {
    $("handover-seat").textContent = "Seat " + s.handover + ", your turn";
    $("handover-ready").focus();
  }
}

function targetsOf(decision) {
  const targets = new Map();
  if (!decision || decision.bot) return targets;
  for (const option of decision.options) {
    for (const id of option.objects) {
      if (!targets.has(id)) targets.set(id, []);
      targets.get(id).push(option);
    }
  }
  return targets;
}

function drawBoard(board, decision) {
  const targets = targetsOf(decision);
  Board.draw($("board"), board, targets, (ids, node) => pick(ids, node, targets), look);
  $("board").classList.toggle("picking", targets.size > 0);
}

function showTurn(s) {
  const turn = $("turn");
  turn.className = "";
  if (s.over) {
    const r = s.result;
    const said = r ? resultText(r) : "";
    turn.textContent = "Game over" + (said ? ": " + said : "");
    turn.classList.add("over");
  } else if (s.decision) {
    const who = s.decision.bot ? " (" + s.decision.bot + " bot is choosing…)" : " to choose";
    turn.textContent = "Seat " + s.decision.seat + who;
    turn.classList.add("seat", "seat-" + ((s.decision.seat - 1) % 4 + 1));
  }
}

// "Minor Victory, score 18": the outcome (a game may end without naming one) and the score if any
function resultText(r) {
  const parts = r.outcome ? [r.outcome] : [];
  if (r.score !== null && r.score !== undefined) parts.push("score " + r.score);
  return parts.join(", ");
}

function showDecision(s) {
  const box = $("decision");
  box.replaceChildren();
  box.hidden = false;
  if (s.over) {
    box.append(el("h2", null, "Game over"));
    const r = s.result || {};
    if (resultText(r)) box.append(el("p", "outcome", resultText(r)));
    for (const [k, v] of Object.entries(r.details || {})) box.append(el("p", "detail", k + ": " + v));
    box.append(el("p", "hint", "Start a new game, save this one, or replay it."));
    return;
  }
  const d = s.decision;
  const head = el("h2", null, "Seat " + d.seat + (d.bot ? " · " + d.bot + " bot" : ""));
  box.append(head);
  if (d.chosen.length) {
    const steps = el("div", "steps");
    for (const step of d.chosen) steps.append(el("span", "chip", step));
    const back = el("button", "back", "Back");
    back.type = "button";
    back.id = "back-button";
    back.title = "Step back out of this choice";
    back.disabled = !!d.bot;
    back.addEventListener("click", () => send({ type: "back" }));
    steps.append(back);
    box.append(steps);
  }
  box.append(el("p", "prompt", d.prompt));
  if (d.picked && d.picked.length) {
    const picked = el("div", "steps");
    picked.append(el("span", "hint", "Taken so far:"));
    for (const value of d.picked) picked.append(el("span", "chip", value));
    box.append(picked);
  }
  if (!d.bot && d.options.some((o) => o.objects.length)) {
    box.append(el("p", "hint", "Click a highlighted counter or space, or an option below."));
  }
  const list = el("div", "options");
  let group = null;
  for (const option of d.options) {
    if (option.group && option.group !== group && d.options.some((o) => o.group !== option.group)) {
      list.append(el("div", "group", option.group));
    }
    group = option.group;
    list.append(optionButton(option, d.bot));
  }
  box.append(list);
}

// After a new question, keyboard users start at its first option (unless they are elsewhere on the page).
function focusFirstOption() {
  const first = document.querySelector("#decision button.option:not(:disabled)");
  if (first && (document.activeElement === document.body || document.activeElement === null)) {
    first.focus({ preventScroll: true });
  }
}

// An option's number typed (as at the terminal): chosen once no other number starts with it, or on Enter.
let typedNumber = "";
let typedTimer = null;
function typeNumber(e) {
  const d = state && state.decision;
  const typing = e.target.closest("input, textarea, select, dialog");
  if (!d || d.bot || state.over || replay || typing || !$("handover").hidden || e.ctrlKey || e.altKey || e.metaKey) return;
  if (e.key === "Enter" && typedNumber) {
    e.preventDefault();
  } else if (/^[0-9]$/.test(e.key)) {
    typedNumber += e.key;
  } else {
    return;
  }
  clearTimeout(typedTimer);
  typedTimer = setTimeout(() => { typedNumber = ""; }, 1500);
  const numbers = d.options.map((o) => String(o.number));
  const exact = d.options.find((o) => String(o.number) === typedNumber);
  const longer = numbers.some((n) => n !== typedNumber && n.startsWith(typedNumber));
  if (exact && (e.key === "Enter" || !longer)) {
    typedNumber = "";
    choose(exact.id);
  } else if (!exact && !longer) {
    typedNumber = "";
  }
}

function optionButton(option, disabled) {
  const button = el("button", "option");
  button.type = "button";
  button.dataset.id = option.id;
  button.append(el("span", "number", option.number + "."), el("span", "label", option.label));
  button.disabled = !!disabled;
  button.addEventListener("click", () => choose(option.id));
  button.addEventListener("mouseenter", () => mark(option.objects, true));
  button.addEventListener("mouseleave", () => mark(option.objects, false));
  return button;
}

function mark(ids, on) {
  for (const node of document.querySelectorAll("#board .counter, #board .cell")) {
    const own = node.dataset.ids ? node.dataset.ids.split(" ") : [node.dataset.space];
    if (own.some((id) => ids.includes(id))) node.classList.toggle("lit", on);
  }
}

// One answer a question: a second click before the server answers (a double-click) is not sent.
function choose(id) {
  hideMenu();
  if ($("message").classList.contains("notice")) $("message").hidden = true;
  const at = state && state.decision ? state.decision.at : null;
  if (at === null || answered === at) return;
  answered = at;
  send({ type: "choose", option: id, at });
}

// A counter or space was clicked: its one option is chosen; several are offered in a small menu.
function pick(ids, node, targets) {
  const options = [];
  for (const id of ids) for (const o of targets.get(id) || []) if (!options.includes(o)) options.push(o);
  if (options.length === 1) return choose(options[0].id);
  const menu = $("menu");
  menu.replaceChildren(el("div", "menu-title", "Choose:"));
  for (const option of options) menu.append(optionButton(option, false));
  const box = node.getBoundingClientRect();
  menu.style.left = Math.min(box.left + window.scrollX, window.innerWidth - 320) + "px";
  menu.style.top = (box.bottom + window.scrollY + 4) + "px";
  menu.hidden = false;
}

function hideMenu() { $("menu").hidden = true; }

// ---- details of one piece or space

async function look(id, hovering) {
  let found = looked.get(id);
  if (!found) {
    const query = replay ? "?replay=" + replay.index : "";
    const response = await reach("/api/inspect/" + encodeURIComponent(id) + query);
    if (!response || !response.ok) return closeDetails();     // gone from this position
    found = await response.json();
    looked.set(id, found);
  }
  detailed = id;
  const box = $("details");
  const close = el("button", "close", "×");
  close.type = "button";
  close.title = "Close the details";
  close.addEventListener("click", closeDetails);
  box.replaceChildren(close, el("h2", null, found.title));
  const list = el("ul");
  for (const line of found.lines) list.append(el("li", null, line));
  box.append(list);
  box.hidden = false;
  if (!hovering) box.scrollIntoView({ block: "nearest" });
}

function closeDetails() {
  detailed = null;
  $("details").hidden = true;
}

// ---- the log

function appendLog(events, reset) {
  const log = $("log");
  if (reset) log.replaceChildren();
  for (const e of events) log.append(el("div", "event " + e.kind, e.text));
}

// the newest lines in view, once the panels above the log have their new height
function scrollLog() {
  const log = $("log");
  log.scrollTop = log.scrollHeight;
}

// ---- replay

function showReplay(frame) {
  if (!replay) $("message").hidden = true;      // what was said of the game in play
  replay = frame;
  looked.clear();
  document.body.classList.add("replaying");
  $("undo-button").disabled = true;          // the game behind the replay stays as it is
  $("decision").hidden = true;
  $("handover").hidden = true;
  $("replay").hidden = false;
  const slider = $("replay-slider");
  slider.max = String(frame.last);
  slider.value = String(frame.index);
  $("replay-where").textContent = frame.index < frame.last
    ? "Before decision " + (frame.index + 1) + " of " + frame.last
    : "After all " + frame.last + " decisions" + (frame.result && resultText(frame.result) ? ": " + resultText(frame.result) : "");
  $("replay-choice").textContent = frame.choice ? "Chosen here: " + frame.choice : "";
  $("turn").textContent = "Replay";
  $("turn").className = "replay";
  Board.draw($("board"), frame.board, new Map(), () => {}, look);
  $("board").classList.remove("picking");
  appendLog(frame.log, true);
  scrollLog();
  if (detailed) look(detailed, true);
}

function replayAt(index) {
  if (!replay) return;
  send({ type: "replay_at", index: Math.max(0, Math.min(index, replay.last)) });
}

function closeReplay() {
  replay = null;
  document.body.classList.remove("replaying");
  $("replay").hidden = true;
  send({ type: "refresh" });
}

// ---- files

async function upload(url, input) {
  const file = input.files[0];
  input.value = "";
  if (!file) return null;
  const form = new FormData();
  form.append("file", file);
  const response = await reach(url, { method: "POST", body: form });
  if (!response) return null;
  let body = null;
  try { body = await response.json(); } catch (err) { body = { error: "the server gave no answer" }; }
  if (!response.ok) {
    tell("This file cannot be loaded: " + (body.error || response.statusText));
    return null;
  }
  $("message").hidden = true;        // an earlier file's error is done with
  return body;
}

// ---- a new game

async function openNew() {
  if (!setup) {
    const response = await reach("/api/setup");
    if (!response || !response.ok) return;
    setup = await response.json();
  }
  const variant = $("new-variant");
  variant.replaceChildren(new Option("standard rules", ""));
  for (const v of setup.variants) variant.append(new Option(setup.variant_titles[v] || v, v));
  if (state && state.variant) variant.value = state.variant;
  const seats = $("new-seats");
  seats.replaceChildren();
  for (let n = setup.seats[0]; n <= setup.seats[1]; n++) seats.append(new Option(String(n), String(n)));
  seats.value = String(state ? state.seats : setup.seats[0]);
  players();
  $("new-dialog").showModal();
}

function players() {
  const box = $("new-players");
  box.replaceChildren();
  const count = Number($("new-seats").value);
  for (let seat = 1; seat <= count; seat++) {
    const label = el("label", null, "Seat " + seat + " ");
    const select = el("select");
    select.dataset.seat = String(seat);
    select.append(new Option("person", "person"));
    for (const bot of setup.bots) select.append(new Option(bot + " bot", bot));
    const before = state && state.bots[String(seat)];
    if (before) select.value = before;
    label.append(select);
    box.append(label);
  }
}

function startNew(event) {
  event.preventDefault();
  const bots = {};
  for (const select of document.querySelectorAll("#new-players select")) bots[select.dataset.seat] = select.value;
  const seed = $("new-seed").value;
  send({ type: "new", variant: $("new-variant").value || null, seats: Number($("new-seats").value), bots,
         seed: seed === "" ? null : Number(seed) });
  $("new-dialog").close();
  if (replay) closeReplay();
}

// ---- wiring

function wire() {
  $("undo-button").addEventListener("click", () => send({ type: "undo" }));
  $("new-button").addEventListener("click", openNew);
  $("new-seats").addEventListener("change", players);
  $("new-form").addEventListener("submit", startNew);
  $("new-cancel").addEventListener("click", () => $("new-dialog").close());
  $("load-button").addEventListener("click", () => $("load-file").click());
  $("load-file").addEventListener("change", async () => {
    const name = $("load-file").files[0] ? $("load-file").files[0].name : "the file";
    const done = await upload("/api/load", $("load-file"));
    if (done && replay) closeReplay();
    if (done) {
      tell("Loaded " + name + (done.over ? ": the game is over (Undo takes back its last decision)."
                                         : ": the game goes on from where it was saved."), true);
    }
  });
  $("replay-button").addEventListener("click", () => send({ type: "replay_current", index: 0 }));
  $("replay-file-button").addEventListener("click", () => $("replay-file").click());
  $("replay-file").addEventListener("change", async () => {
    const frame = await upload("/api/replay", $("replay-file"));
    if (frame) receive(frame);
  });
  $("replay-slider").addEventListener("input", () => replayAt(Number($("replay-slider").value)));
  $("replay-prev").addEventListener("click", () => replay && replayAt(replay.index - 1));
  $("replay-next").addEventListener("click", () => replay && replayAt(replay.index + 1));
  $("replay-close").addEventListener("click", closeReplay);
  $("handover-ready").addEventListener("click", () => send({ type: "take_seat", seat: state.handover }));
  $("message-close").addEventListener("click", () => { $("message").hidden = true; });
  document.addEventListener("click", (e) => {
    if (!$("menu").hidden && !$("menu").contains(e.target) && !e.target.closest(".target")) hideMenu();
  });
  document.addEventListener("keydown", (e) => {
    typeNumber(e);
    if (e.key === "Escape") hideMenu();
    if (replay && e.key === "ArrowLeft") replayAt(replay.index - 1);
    if (replay && e.key === "ArrowRight") replayAt(replay.index + 1);
  });
  connect();
}

wire();
