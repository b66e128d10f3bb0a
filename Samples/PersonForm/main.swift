import Foundation
import PropertyBinding

print("PersonForm — placeholder")
