#include "completion.h"

#include <cstdio>

namespace parq::cli {
namespace {

std::string Flags(const std::vector<Flag>& flags) {
  std::string out;
  for (const Flag& f : flags) {
    out += (out.empty() ? "--" : " --") + std::string(f.name);
    if (f.short_name) out += std::string(" -") + f.short_name;
  }
  return out;
}

// A flag's values when its placeholder lists them ("lf|crlf": "lf crlf"),
// else empty.
std::string Choices(const Flag& f) {
  if (f.value == nullptr) return "";
  const std::string v = f.value;
  if (v.find('|') == std::string::npos) return "";
  std::string out;
  for (char c : v) {
    if (c == '|') {
      out += ' ';
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') {
      out += c;
    } else {
      return "";  // a placeholder, not a list of words
    }
  }
  return out;
}

}  // namespace

std::string BashCompletion(const std::vector<VerbFlags>& verbs) {
  std::string names;
  for (const VerbFlags& v : verbs) names += (names.empty() ? "" : " ") + v.verb;
  const std::string common = Flags(kCommonFlags);
  std::string out =
      "# bash completion for parq, made by `parq completion bash`.\n"
      "_parq() {\n"
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" verb=\"\" i\n"
      "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      "    case \"${COMP_WORDS[i]}\" in\n"
      "      -*) ;;\n"
      "      *) verb=\"${COMP_WORDS[i]}\"; break ;;\n"
      "    esac\n"
      "  done\n"
      "  if [[ -z \"$verb\" ]]; then\n"
      "    if [[ \"$cur\" == -* ]]; then\n"
      "      COMPREPLY=($(compgen -W \"" + common + " --version\" -- \"$cur\"))\n"
      "    else\n"
      "      COMPREPLY=($(compgen -W \"" + names + " help completion\" -- \"$cur\"))\n"
      "    fi\n"
      "    return 0\n"
      "  fi\n"
      "  local flags=\"\"\n"
      "  case \"$verb\" in\n";
  for (const VerbFlags& v : verbs) {
    if (v.help != nullptr) out += "    " + v.verb + ") flags=\"" + Flags(v.help->flags) + "\" ;;\n";
  }
  // A flag whose values are a list ("--csv-line-ending lf|crlf"): its values.
  out +=
      "  esac\n"
      "  local choices=\"\"\n"
      "  case \"$verb $prev\" in\n";
  for (const VerbFlags& v : verbs) {
    if (v.help == nullptr) continue;
    for (const Flag& f : v.help->flags) {
      if (std::string c = Choices(f); !c.empty()) out += "    \"" + v.verb + " --" + f.name + "\") choices=\"" + c + "\" ;;\n";
    }
  }
  out +=
      "  esac\n"
      "  if [[ -n \"$choices\" ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$choices\" -- \"$cur\"))\n"
      "  elif [[ \"$cur\" == -* ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$flags " + common + "\" -- \"$cur\"))\n"
      "  else\n"
      "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      "  fi\n"
      "}\n"
      "complete -o filenames -F _parq parq\n";
  return out;
}

int RunCompletion(int argc, char** argv, const std::vector<VerbFlags>& verbs) {
  constexpr char kUsage[] = "parq completion bash";
  if (argc != 1 || std::string(argv[0]) != "bash") return ReportUsage("expected the shell: bash", kUsage);
  const std::string script = BashCompletion(verbs);
  std::fwrite(script.data(), 1, script.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitOk : ReportError(Status::IOError("cannot write to stdout"));
}

}  // namespace parq::cli
