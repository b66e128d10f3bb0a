import Foundation

let usage = """
    usage: PersonForm [--interactive | --graph]
      (no argument)   play the scripted session: the quick start, then a user filling in the form
      --interactive   type commands at a prompt (name=Ann, age=forty, commit, show, help, quit)
      --graph         print the bindings of the form and the people list as Graphviz DOT (| dot -Tsvg > form.svg)
      --help          this message

    """

switch Array(CommandLine.arguments.dropFirst()) {
case []:
    try Script.run()
case ["--interactive"]:
    try Interactive.run()
case ["--graph"]:
    print(try Graph.tour().dot, terminator: "")
case ["--help"], ["-h"]:
    print(usage, terminator: "")
default:
    let arguments = CommandLine.arguments.dropFirst().joined(separator: " ")
    FileHandle.standardError.write(Data("PersonForm: unknown arguments: \(arguments)\n\(usage)".utf8))
    exit(2)
}
