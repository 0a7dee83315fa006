//! A worksheet for a class: a LaTeX document of exercises on trees (each the bare picture and
//! what to find) followed by their answers (the full picture and the answers in words), which
//! compiles on its own with pdflatex.

use std::fmt::Write;

use super::tikz::{escape, picture, prose};
use super::Scene;
use crate::depth_limit::{limit_depth, DepthError};
use crate::explain::{ExplainError, Settings, View};
use crate::model::{NodeId, Tree};
use crate::report::{explain, settings_line, trace_command, unsearched, Explanation};
use crate::unknown::{capitalised, case_words, cases, unknown_question, CaseRow};

/// What an exercise says besides its tree, in plain text (`>=`, `alpha`, `-inf` are set as
/// LaTeX's symbols).
#[derive(Clone, Debug)]
struct Notes {
    /// Lines before the question: where the tree comes from (a random tree's seed), a depth
    /// limit.
    question: Vec<String>,
    /// Lines before the answer (a depth limit's note with the whole tree's value).
    answer: Vec<String>,
}

/// One exercise, set in LaTeX: its question and its answer.
#[derive(Clone, Debug)]
pub struct Exercise {
    question: Vec<Part>,
    answer: Vec<Part>,
}

/// A piece of an exercise: words, or a picture, which is fitted to the page when the
/// worksheet knows which way round its pages are.
#[derive(Clone, Debug)]
enum Part {
    Words(String),
    Picture {
        tikz: String,
        /// Its size in centimetres.
        width: f64,
        height: f64,
    },
}

/// The room for a picture within 2 cm margins, in centimetres: the width, and a height that
/// leaves room for the words; upright, and turned (for wide trees). It fits A4 and US letter
/// alike, so that the paper can be changed in the document.
const PORTRAIT: (f64, f64) = (17.0, 11.0);
const LANDSCAPE: (f64, f64) = (23.5, 9.5);

/// Why a tree makes no exercise.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExerciseError {
    /// The depth limit cannot cut the tree (the caller names the option or field).
    #[error(transparent)]
    Depth(#[from] DepthError),
    /// The search cannot be explained (a third unknown leaf, an unsupported setting).
    #[error(transparent)]
    Explain(#[from] ExplainError),
}

impl Exercise {
    /// An exercise on `tree` searched with `settings` and shown in `view`, cut at `depth` if
    /// given (the note says what stood in, the answer's the whole tree's value too); `about`
    /// says where the tree comes from (a random tree's seed). Its answer: the root's value and
    /// best move, the leaves opened and the subtrees pruned, the fewest leaves that fix the
    /// value; or, where the search needs an unknown leaf, how it goes for each of its values.
    pub fn new(
        tree: &Tree,
        settings: Settings,
        view: View,
        depth: Option<u32>,
        about: Option<String>,
    ) -> Result<Exercise, ExerciseError> {
        let limit = depth
            .map(|d| limit_depth(tree, d, settings.root))
            .transpose()?;
        let said = |whole: bool| -> Vec<String> {
            let depth = limit
                .as_ref()
                .map_or_else(Vec::new, |l| l.lines(settings.root, view, whole));
            about.iter().cloned().chain(depth).collect()
        };
        let notes = Notes {
            question: said(false),
            answer: said(true),
        };
        let tree = limit.as_ref().map_or(tree, |l| &l.tree);
        match explain(tree, settings, false) {
            Ok(e) => Ok(Exercise::explained(&e.in_view(view), &notes)),
            Err(ExplainError::UnknownLeaf { node, .. }) => {
                Ok(Exercise::unknown(tree, settings, view, node, &notes)?)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// An exercise on a searched tree.
    fn explained(e: &Explanation<'_>, notes: &Notes) -> Exercise {
        let question = vec![
            Part::Words(lines(&notes.question)),
            Part::of(e, Scene::of(e, false)),
            Part::Words(search_line(&e.run.settings, e.run.view)),
            Part::Words(enumerate(e.questions().iter().map(|q| prose(q)))),
        ];
        let groups = e.answer_lines();
        let items = groups.iter().map(|group| {
            let words: Vec<String> = group.iter().map(|l| breakable(&prose(l))).collect();
            words.join("\\\\\n")
        });
        let answer = vec![
            Part::Words(lines(&notes.answer)),
            Part::of(e, Scene::of(e, true)),
            Part::Words(
                enumerate(items) + &command("Step by step", e.tree, &e.run.settings, e.run.view),
            ),
        ];
        Exercise { question, answer }
    }

    /// An exercise on a tree whose search needs the unknown leaf `leaf` ("for which values
    /// of E is G cut?"): the answer is how the search goes for each of its values, in `view`.
    /// Errors as [`crate::cases`] does.
    fn unknown(
        tree: &Tree,
        settings: Settings,
        view: View,
        leaf: NodeId,
        notes: &Notes,
    ) -> Result<Exercise, ExplainError> {
        let asked = unknown_question(tree, settings, leaf)?;
        let e = unsearched(tree, settings)?.in_view(view);
        let question = vec![
            Part::Words(lines(&notes.question)),
            Part::of(&e, Scene::of(&e, false)),
            Part::Words(search_line(&settings, view)),
            Part::Words(enumerate(asked.questions.iter().map(|q| prose(q)))),
        ];

        let all = cases(tree, settings, leaf)?;
        let words = case_words(tree, leaf, &all, settings.root, view);
        let mut answer = lines(&notes.answer);
        let _ = writeln!(answer, "{}", prose(&capitalised(&words.head)));
        answer.push_str(&itemize(&words.rows));
        for note in &words.notes {
            let _ = writeln!(answer, "{{\\small ({})}}\\par", breakable(&prose(note)));
        }
        answer.push_str(&command("On the command line", tree, &settings, view));
        Ok(Exercise {
            question,
            answer: vec![Part::Words(answer)],
        })
    }
}

/// The worksheet: the exercises, then with `answers` on a new page their answers, as a LaTeX
/// document to compile on its own (`pdflatex`; it needs the `geometry`, `graphicx` and `tikz`
/// packages). Without answers it is the students' copy of the same exercises.
pub fn worksheet(exercises: &[Exercise], answers: bool) -> String {
    // Pages turned when a tree is wider than an upright page: its picture then shrinks less.
    let widest = exercises
        .iter()
        .flat_map(|x| x.question.iter().chain(&x.answer))
        .map(|p| match p {
            Part::Picture { width, .. } => *width,
            Part::Words(_) => 0.0,
        })
        .fold(0.0, f64::max);
    let (room, paper) = if widest > PORTRAIT.0 {
        (LANDSCAPE, "a4paper,landscape")
    } else {
        (PORTRAIT, "a4paper")
    };
    let mut o = String::new();
    let _ = writeln!(
        o,
        "% Alpha-beta exercises, made by alphabeta: {} exercise{}, {}.\n\
         % A whole document: pdflatex worksheet.tex. For US letter, letterpaper in the\n\
         % geometry line for a4paper: the pictures, scaled down (\\scalebox) where wider, fit both.",
        exercises.len(),
        if exercises.len() == 1 { "" } else { "s" },
        if answers {
            "then the answers on a page of their own"
        } else {
            "without the answers"
        }
    );
    let _ = writeln!(
        o,
        "\\documentclass[11pt]{{article}}\n\
         \\usepackage[{paper},margin=2cm]{{geometry}}\n\
         \\usepackage{{graphicx}}\n\
         \\usepackage{{tikz}}\n\
         \\setlength{{\\parindent}}{{0pt}}\n\
         % Bullets from math fonts: the text bullet's font is drawn by METAFONT on first use\n\
         % in a small TeX Live install.\n\
         \\renewcommand{{\\labelitemi}}{{$\\bullet$}}\n\
         \\renewcommand{{\\labelitemii}}{{$\\circ$}}\n\
         \\begin{{document}}\n\
         \\section*{{Alpha-beta: exercises}}\n\
         Name: \\rule{{6cm}}{{0.4pt}}\\par\\bigskip"
    );
    // Each exercise and each answer kept on one page.
    let exercise = |o: &mut String, k: usize, parts: &[Part]| {
        let _ = writeln!(
            o,
            "\n\\noindent\\begin{{minipage}}{{\\linewidth}}\n\\subsection*{{Exercise {}}}\n{}\\end{{minipage}}\n\\bigskip",
            k + 1,
            set(parts, room)
        );
    };
    for (k, x) in exercises.iter().enumerate() {
        exercise(&mut o, k, &x.question);
    }
    if answers {
        let _ = writeln!(o, "\n\\clearpage\n\\section*{{Answers}}");
        for (k, x) in exercises.iter().enumerate() {
            exercise(&mut o, k, &x.answer);
        }
    }
    let _ = writeln!(o, "\n\\end{{document}}");
    o
}

/// The search's settings in words, a sentence under the question's picture (its legend says
/// them too, in type that a wide tree's picture shrinks).
fn search_line(settings: &Settings, view: View) -> String {
    format!(
        "The search: {}.\\par\n",
        breakable(&prose(&settings_line(settings, view)))
    )
}

/// Lines of notes, each a paragraph in small type.
fn lines(notes: &[String]) -> String {
    notes
        .iter()
        .map(|n| format!("{{\\small {}}}\\par\n", breakable(&prose(n))))
        .collect()
}

/// The command that explains the exercise step by step (a depth limit's cut tree has the
/// static values as its leaves), in typewriter type.
fn command(what: &str, tree: &Tree, settings: &Settings, view: View) -> String {
    format!(
        "{{\\small {what}: \\texttt{{{}}}}}\\par\n",
        breakable(&escape(&trace_command(tree, settings, view)))
            .replace("--", "-{}-")
            // Typewriter type's upright quote (OT1's 13), to paste back into a shell.
            .replace('\'', "{\\char13}")
    )
}

impl Part {
    /// A scene drawn in TikZ, with its size; in a tree without labels each leaf's number
    /// under it, as the answers name the leaves (`#3=2`).
    fn of(e: &Explanation<'_>, mut scene: Scene) -> Part {
        if !e.tree.labelled {
            for n in scene.nodes.iter_mut() {
                let node = e.tree.node(n.id);
                if node.is_leaf() {
                    let number = format!("#{}", node.leaf_index);
                    n.below = Some(match n.below.take() {
                        Some(word) => format!("{word}\n{number}"),
                        None => number,
                    });
                }
            }
        }
        Part::Picture {
            tikz: picture(e, &scene),
            width: scene.width * super::tikz::UNIT,
            height: scene.height * super::tikz::UNIT,
        }
    }
}

/// Parts in LaTeX, each picture centred and scaled down to fit `(width, height)` in
/// centimetres if it is bigger.
fn set(parts: &[Part], (room_x, room_y): (f64, f64)) -> String {
    let mut o = String::new();
    for part in parts {
        match part {
            Part::Words(w) => o.push_str(w),
            Part::Picture {
                tikz,
                width,
                height,
            } => {
                let scale = (room_x / width).min(room_y / height).min(1.0);
                if scale < 1.0 {
                    let _ = writeln!(
                        o,
                        "\\begin{{center}}\n\\scalebox{{{scale:.3}}}{{%\n{tikz}}}\n\\end{{center}}"
                    );
                } else {
                    let _ = writeln!(o, "\\begin{{center}}\n{tikz}\\end{{center}}");
                }
            }
        }
    }
    o
}

/// Items, numbered.
fn enumerate(items: impl Iterator<Item = String>) -> String {
    let mut o = String::from("\\begin{enumerate}\n");
    for item in items {
        let _ = writeln!(o, "\\item {item}");
    }
    o.push_str("\\end{enumerate}\n");
    o
}

/// The cases, a bullet each, the second unknown's cases under theirs.
fn itemize(rows: &[CaseRow]) -> String {
    let mut o = String::from("\\begin{itemize}\n");
    for row in rows {
        let _ = writeln!(
            o,
            "\\item \\textbf{{{}}}: {}",
            prose(&row.range),
            breakable(&prose(&row.what))
        );
        if !row.inner.is_empty() {
            o.push_str(&itemize(&row.inner));
        }
    }
    o.push_str("\\end{itemize}\n");
    o
}

/// LaTeX that may break a line after a comma (a tree's text has no spaces).
fn breakable(latex: &str) -> String {
    latex.replace(',', ",\\allowbreak{}")
}
